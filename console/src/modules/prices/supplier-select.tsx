import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { t } from '../../i18n';
import { useSupplierChoices } from './price-queries';

/** A supplier, searched by the API (`GET /v2/suppliers?q=`) as the person types (as jobs' ClientSelect does for clients). */
export function SupplierSelect({
  value,
  onChange,
  current,
  ...props
}: Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (id: string | null) => void;
  current?: { id: string; name: string } | null;
}) {
  const [search, setSearch] = useState(current?.name ?? '');
  const [names, setNames] = useState<Record<string, string>>(() => (current ? { [current.id]: current.name } : {}));
  const [debounced] = useDebouncedValue(value && search === names[value] ? '' : search.trim(), 250);
  const suppliers = useSupplierChoices(debounced);
  const options = useMemo(() => {
    const list = (suppliers.data?.items ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }));
    if (value && !list.some((option) => option.value === value)) list.unshift({ value, label: names[value] ?? current?.name ?? value });
    return list;
  }, [suppliers.data, value, names, current]);
  return (
    <Select
      {...props}
      searchable
      data={options}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={suppliers.isFetching ? t('state.loading') : t('prices.nothingFound')}
      onChange={(id, option) => {
        if (id && option) setNames((known) => ({ ...known, [id]: option.label }));
        onChange(id);
      }}
    />
  );
}
