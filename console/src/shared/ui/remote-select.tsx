import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

export interface Options {
  options: ComboboxItem[];
  loading: boolean;
}

interface RemoteSelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The options the API answers for what was typed (a hook: it is called on every render). */
  useOptions: (q: string) => Options;
  /** The chosen value's text when it may not be among the options (a value read from the address). */
  selectedLabel?: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  nothingFound: string;
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  w?: number | string;
}

/**
 * A searchable select whose options the API finds (clients, jobs): what is typed is sent as `q`
 * a quarter of a second after the last key, and the answer is shown as it is (no second filter).
 */
export function RemoteSelect({ label, value, onChange, useOptions, selectedLabel, nothingFound, ...props }: RemoteSelectProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const { options, loading } = useOptions(selectedLabel !== undefined && typed === selectedLabel ? '' : typed);
  const data =
    value !== null && selectedLabel !== undefined && !options.some((option) => option.value === value)
      ? [{ value, label: selectedLabel }, ...options]
      : options;
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={loading ? undefined : nothingFound}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
