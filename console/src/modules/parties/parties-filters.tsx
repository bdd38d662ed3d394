import { Group as Row, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { t } from '../../shared/i18n';
import { domainsQuery, labelsQuery, languagePairsQuery, namedChoices, pairChoices } from './choices';
import { PARTY_STATUSES, type PartiesSearch } from './parties-search';
import { ListSearchBox } from '../../shared/list-page/search-box';
import type { PartyKind } from '../../shared/api/party';

/**
 * The search box (sent a moment after the last key), active / archived / all, labels, and for
 * suppliers their language pairs and domains: each one of the API's filters.
 */
export function PartiesFilters({ kind, search, onChange }: { kind: PartyKind; search: PartiesSearch; onChange: (changes: Partial<PartiesSearch>) => void }) {
  const statusLabel = useId();
  const labels = useQuery(labelsQuery);
  const pairs = useQuery({ ...languagePairsQuery, enabled: kind === 'supplier' });
  const domains = useQuery({ ...domainsQuery, enabled: kind === 'supplier' });
  const ids = (values: string[]) => (values.length > 0 ? values : undefined);

  return (
    <Row align="flex-end" gap="sm">
      <ListSearchBox
        value={search.q}
        onSearch={(q) => onChange({ q })}
        label={t(`parties.${kind}.search`)}
        placeholder={t(`parties.${kind}.searchPlaceholder`)}
        width={240}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={statusLabel}>
          {t('parties.filter.status')}
        </Text>
        <SegmentedControl
          aria-labelledby={statusLabel}
          data={PARTY_STATUSES.map((status) => ({ value: status, label: t(`parties.status.${status}`) }))}
          value={search.status ?? 'active'}
          onChange={(value) => onChange({ status: value === 'active' ? undefined : value })}
        />
      </Stack>
      <MultiSelect
        label={t('parties.filter.labels')}
        placeholder={search.label ? undefined : t('parties.filter.anyLabel')}
        data={namedChoices(labels.data, search.label)}
        value={search.label ?? []}
        onChange={(values) => onChange({ label: ids(values) })}
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
            onChange={(values) => onChange({ languagePair: ids(values) })}
            searchable
            clearable
            w={240}
          />
          <MultiSelect
            label={t('parties.filter.domains')}
            placeholder={search.domain ? undefined : t('parties.filter.anyDomain')}
            data={namedChoices(domains.data, search.domain)}
            value={search.domain ?? []}
            onChange={(values) => onChange({ domain: ids(values) })}
            searchable
            clearable
            w={200}
          />
        </>
      )}
    </Row>
  );
}
