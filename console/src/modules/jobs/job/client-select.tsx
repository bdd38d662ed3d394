import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { t } from '../../../i18n';
import { useClientChoices } from './choices';

interface ClientSelectProps extends Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (id: string | null) => void;
  /** The client chosen already (its name, which the first page of the search may not hold). */
  current?: { id: string; name: string } | null;
}

/** A client, searched by the API (`GET /v2/clients?q=`) as the person types: an agency may have thousands. */
export function ClientSelect({ value, onChange, current, ...props }: ClientSelectProps) {
  const [search, setSearch] = useState(current?.name ?? '');
  const [names, setNames] = useState<Record<string, string>>(() => (current ? { [current.id]: current.name } : {}));
  // The search box shows the chosen client's name: then every client is a candidate again.
  const [debounced] = useDebouncedValue(value && search === names[value] ? '' : search.trim(), 250);
  const clients = useClientChoices(debounced);
  const options = useMemo(() => {
    const list = (clients.data?.items ?? []).map((client) => ({ value: client.id, label: client.name }));
    if (value && !list.some((option) => option.value === value)) list.unshift({ value, label: names[value] ?? current?.name ?? value });
    return list;
  }, [clients.data, value, names, current]);
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
      nothingFoundMessage={clients.isFetching ? t('state.loading') : t('newJob.client.none')}
      onChange={(id, option) => {
        if (id && option) setNames((known) => ({ ...known, [id]: option.label }));
        onChange(id);
      }}
    />
  );
}
