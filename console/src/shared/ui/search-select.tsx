import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { t } from '../i18n';

export interface SearchSelectProps extends Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (id: string | null) => void;
  /** The record chosen already (its name, which the first page of the search may not hold). */
  current?: { id: string; name: string } | null;
}

interface Choices {
  data?: { items: readonly { id: string; name: string }[] };
  isFetching: boolean;
}

/**
 * A record searched by the API as the person types (`GET /v2/clients?q=`, `/v2/suppliers?q=`: an
 * agency may have thousands). `useChoices` asks the API for what was typed (a hook: called on
 * every render); the chosen record's name stays known when a later search no longer holds it.
 */
export function SearchSelect({
  value,
  onChange,
  current,
  useChoices,
  nothingFound,
  ...props
}: SearchSelectProps & { useChoices: (search: string) => Choices; nothingFound: string }) {
  const [search, setSearch] = useState(current?.name ?? '');
  const [names, setNames] = useState<Record<string, string>>(() => (current ? { [current.id]: current.name } : {}));
  // The search box shows the chosen record's name: then every record is a candidate again.
  const [debounced] = useDebouncedValue(value && search === names[value] ? '' : search.trim(), 250);
  const choices = useChoices(debounced);
  const options = useMemo(() => {
    const list = (choices.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }));
    if (value && !list.some((option) => option.value === value)) list.unshift({ value, label: names[value] ?? current?.name ?? value });
    return list;
  }, [choices.data, value, names, current]);
  return (
    <Select
      {...props}
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      // The API searched already.
      filter={({ options: all }) => all}
      nothingFoundMessage={choices.isFetching ? t('state.loading') : nothingFound}
      onChange={(id, option) => {
        if (id && option) setNames((known) => ({ ...known, [id]: option.label }));
        onChange(id);
      }}
    />
  );
}
