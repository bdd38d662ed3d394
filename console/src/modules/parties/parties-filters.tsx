import { Group as Row, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../shared/i18n';
import { domainsQuery, labelsQuery, languagePairsQuery, namedChoices, pairChoices } from './choices';
import { PARTY_STATUSES, withFilter, type PartiesSearch } from './parties-search';
import type { PartyKind } from '../../shared/api/party';

/**
 * The search box (sent a moment after the last key), active / archived / all, labels, and for
 * suppliers their language pairs and domains: each one of the API's filters.
 */
export function PartiesFilters({ kind, search, onChange }: { kind: PartyKind; search: PartiesSearch; onChange: (search: PartiesSearch) => void }) {
  const [q, setQ] = useState(search.q ?? '');
  const sent = useRef(search.q ?? '');
  const statusLabel = useId();
  const sendQ = useDebouncedCallback((value: string) => {
    sent.current = value.trim() === '' ? '' : value;
    onChange(withFilter(search, { q: value }));
  }, 300);
  // The address changed by itself (back, a bookmark), not by typing here: the box shows it.
  useEffect(() => {
    if ((search.q ?? '') !== sent.current) setQ((sent.current = search.q ?? ''));
  }, [search.q]);
  const labels = useQuery(labelsQuery);
  const pairs = useQuery({ ...languagePairsQuery, enabled: kind === 'supplier' });
  const domains = useQuery({ ...domainsQuery, enabled: kind === 'supplier' });
  const ids = (values: string[]) => (values.length > 0 ? values : undefined);

  return (
    <Row align="flex-end" gap="sm">
      <TextInput
        label={t(`parties.${kind}.search`)}
        placeholder={t(`parties.${kind}.searchPlaceholder`)}
        type="search"
        value={q}
        onChange={(event) => {
          setQ(event.currentTarget.value);
          sendQ(event.currentTarget.value);
        }}
        w={240}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={statusLabel}>
          {t('parties.filter.status')}
        </Text>
        <SegmentedControl
          aria-labelledby={statusLabel}
          data={PARTY_STATUSES.map((status) => ({ value: status, label: t(`parties.status.${status}`) }))}
          value={search.status ?? 'active'}
          onChange={(value) => onChange(withFilter(search, { status: value === 'active' ? undefined : value }))}
        />
      </Stack>
      <MultiSelect
        label={t('parties.filter.labels')}
        placeholder={search.label ? undefined : t('parties.filter.anyLabel')}
        data={namedChoices(labels.data, search.label)}
        value={search.label ?? []}
        onChange={(values) => onChange(withFilter(search, { label: ids(values) }))}
        searchable
        clearable
        w={220}
      />
      {kind === 'supplier' && (
        <>
          <MultiSelect
            label={t('parties.filter.languagePairs')}
            placeholder={search.languagePair ? undefined : t('parties.filter.anyLanguagePair')}
            data={pairChoices(pairs.data, search.languagePair)}
            value={search.languagePair ?? []}
            onChange={(values) => onChange(withFilter(search, { languagePair: ids(values) }))}
            searchable
            clearable
            w={240}
          />
          <MultiSelect
            label={t('parties.filter.domains')}
            placeholder={search.domain ? undefined : t('parties.filter.anyDomain')}
            data={namedChoices(domains.data, search.domain)}
            value={search.domain ?? []}
            onChange={(values) => onChange(withFilter(search, { domain: ids(values) }))}
            searchable
            clearable
            w={200}
          />
        </>
      )}
    </Row>
  );
}
