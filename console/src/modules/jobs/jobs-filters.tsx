import { Button, Group, MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { JOB_STATUSES } from '../../shared/formatting/job-status';
import { useLabelChoices, usePartyChoices, useUserChoices } from './jobs-list-queries';
import type { JobsSearch } from './jobs-search';
import { DateField } from '../../shared/ui/date-field';
import { isIsoDate } from '../../shared/formatting/date-input';

/** The filters of the view, as the address holds them, and how to change them. */
interface JobsFiltersProps {
  search: JobsSearch;
  /** Applies changes to the filters (undefined removes one); the page goes back to the first. */
  onChange(changes: Partial<JobsSearch>): void;
  onClear?: () => void;
}

/** Five lists and two dates fit one row at 1280 px (5 × 130 + 2 × 140 + gaps), two rows at 1024 px. */
const WIDTH = 130;

/** Common settings of the list filters: choices, clearable, the empty text. */
const multi: Partial<MultiSelectProps> = {
  w: WIDTH,
  clearable: true,
  searchable: true,
  hidePickedOptions: false,
  nothingFoundMessage: t('jobs.filter.nothingFound'),
  comboboxProps: { withinPortal: true },
};

const listOrUndefined = <T,>(values: T[]): T[] | undefined => (values.length > 0 ? values : undefined);

/** Status, client, supplier, manager, label and due dates: each one a labelled control (docs/console.md#the-jobs-page). */
export function JobsFilters({ search, onChange, onClear }: JobsFiltersProps) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const open = (filter: string) => () => setOpened((current) => (current.has(filter) ? current : new Set([...current, filter])));
  const users = useUserChoices(opened.has('manager') || search.manager !== undefined);
  const labels = useLabelChoices(opened.has('label') || search.label !== undefined);
  const statusChoices = JOB_STATUSES.map((status) => ({ value: String(status.code), label: t(status.key) }));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('jobs.filters')}>
      <MultiSelect
        {...multi}
        label={t('jobs.filter.status')}
        placeholder={search.status ? undefined : t('jobs.filter.any')}
        data={statusChoices}
        value={(search.status ?? []).map(String)}
        onChange={(values) => onChange({ status: listOrUndefined(values.map(Number)) })}
      />
      <PartyFilter kind="clients" value={search.client ?? []} onChange={(client) => onChange({ client: listOrUndefined(client) })} />
      <PartyFilter kind="suppliers" value={search.supplier ?? []} onChange={(supplier) => onChange({ supplier: listOrUndefined(supplier) })} />
      <MultiSelect
        {...multi}
        label={t('jobs.filter.manager')}
        placeholder={search.manager ? undefined : t('jobs.filter.any')}
        data={withChosen(users.data ?? [], search.manager)}
        onDropdownOpen={open('manager')}
        value={search.manager ?? []}
        onChange={(values) => onChange({ manager: listOrUndefined(values) })}
      />
      <MultiSelect
        {...multi}
        label={t('jobs.filter.label')}
        placeholder={search.label ? undefined : t('jobs.filter.any')}
        data={withChosen(labels.data ?? [], search.label)}
        onDropdownOpen={open('label')}
        value={search.label ?? []}
        onChange={(values) => onChange({ label: listOrUndefined(values) })}
      />
      <DateField
        w={140}
        label={t('jobs.filter.dueFrom')}
        value={search.dueFrom ?? ''}
        onChange={(value) => (value === '' || isIsoDate(value)) && onChange({ dueFrom: value || undefined })}
      />
      <DateField
        w={140}
        label={t('jobs.filter.dueTo')}
        value={search.dueTo ?? ''}
        onChange={(value) => (value === '' || isIsoDate(value)) && onChange({ dueTo: value || undefined })}
      />
      {onClear && (
        <Button variant="subtle" onClick={onClear}>
          {t('jobs.filter.clear')}
        </Button>
      )}
    </Group>
  );
}

/**
 * The chosen values stay among the choices while those load (a shared address names ids before
 * their names arrive): Mantine shows only values it finds among the data.
 */
function withChosen(choices: Array<{ value: string; label: string }>, chosen: string[] | undefined) {
  const known = new Set(choices.map((choice) => choice.value));
  return [...choices, ...(chosen ?? []).filter((id) => !known.has(id)).map((id) => ({ value: id, label: '…' }))];
}

/**
 * Clients, or suppliers (jobs outsourced to them), searched by the API as the user types (an
 * agency may have thousands).
 */
function PartyFilter({ kind, value, onChange }: { kind: 'clients' | 'suppliers'; value: string[]; onChange(ids: string[]): void }) {
  const [typed, setTyped] = useState('');
  const [opened, setOpened] = useState(false);
  const [searched] = useDebouncedValue(typed.trim(), 250);
  const { choices } = usePartyChoices(kind, searched, value, opened);
  return (
    <MultiSelect
      {...multi}
      label={t(kind === 'clients' ? 'jobs.filter.client' : 'jobs.filter.supplier')}
      placeholder={value.length > 0 ? undefined : t('jobs.filter.any')}
      data={choices}
      value={value}
      searchValue={typed}
      onSearchChange={setTyped}
      onDropdownOpen={() => setOpened(true)}
      // The API has filtered by the typed text already.
      filter={({ options }) => options}
      onChange={onChange}
    />
  );
}
