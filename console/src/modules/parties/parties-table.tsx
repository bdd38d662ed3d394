import { Badge, Group as Row, Table, Text, UnstyledButton } from '@mantine/core';
import { t, type MessageKey } from '../../shared/i18n';
import { formatDate, formatNumber } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { pairLabel } from './choices';
import { LabelBadges } from './label-badges';
import { DEFAULT_DIRECTION, DEFAULT_SORT, type PartiesSearch, type PartySort } from './parties-search';
import { countryName, partyTarget } from './party-kind';
import type { Party, PartyKind } from '../../shared/api/party';
import type { PartiesPage } from './queries';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A column heading that sorts the list (the API's sorts: name, created, updated). */
function SortableHeading({
  sort,
  label,
  search,
  onSort,
  miw,
}: {
  sort: PartySort;
  label: MessageKey;
  search: PartiesSearch;
  onSort: (sort: PartySort) => void;
  miw?: number;
}) {
  const active = (search.sort ?? DEFAULT_SORT) === sort;
  const direction = search.direction ?? DEFAULT_DIRECTION;
  return (
    <Table.Th aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined} miw={miw}>
      <UnstyledButton onClick={() => onSort(sort)} fw={700} fz="sm" style={NOWRAP}>
        {t(label)}
        <span aria-hidden="true">{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A language pair in short, as a list has room for: "en → fr", "en ↔ fr"; the full names in its title. */
const pairCodes = (pair: { source?: { code: string }; target: { code: string }; bidirectional: boolean }) =>
  pair.source ? `${pair.source.code} ${pair.bidirectional ? '↔' : '→'} ${pair.target.code}` : `→ ${pair.target.code}`;

/** Where a party is: its city and country. */
const placeOf = (party: Party) => [party.address.city, countryName(party.address.country)].filter(Boolean).join(', ');

/** One page of clients or suppliers, each name a link to its page. */
export function PartiesTable({ kind, page, search, onSort }: { kind: PartyKind; page: PartiesPage; search: PartiesSearch; onSort: (sort: PartySort) => void }) {
  const items: readonly Party[] = page.items;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label={t(`parties.${kind}.caption`)}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeading sort="name" label="parties.column.name" search={search} onSort={onSort} miw={150} />
            <Table.Th>{t('parties.column.email')}</Table.Th>
            <Table.Th>{t('parties.column.phone')}</Table.Th>
            <Table.Th>{t('parties.column.place')}</Table.Th>
            {kind === 'supplier' && <Table.Th>{t('parties.column.languages')}</Table.Th>}
            {kind === 'supplier' && <Table.Th ta="right">{t('parties.column.rating')}</Table.Th>}
            <Table.Th miw={130}>{t('parties.column.labels')}</Table.Th>
            <Table.Th>{t('parties.column.currency')}</Table.Th>
            <SortableHeading sort="createdAt" label="parties.column.createdAt" search={search} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((party) => (
            <Table.Tr key={party.id}>
              <Table.Td>
                <Row gap={6} wrap="nowrap">
                  <AnchorLink {...partyTarget(kind, party.id)} fw={500}>
                    {party.name}
                  </AnchorLink>
                  {party.archived && (
                    <Badge variant="outline" color="gray.7" size="sm" tt="none">
                      {t('parties.archived')}
                    </Badge>
                  )}
                </Row>
              </Table.Td>
              <Table.Td>{party.email}</Table.Td>
              <Table.Td style={NOWRAP}>{party.phone}</Table.Td>
              <Table.Td>{placeOf(party)}</Table.Td>
              {party.object === 'supplier' && (
                <Table.Td>
                  <Text size="sm" title={party.languagePairs.map(pairLabel).join(', ')}>
                    {party.languagePairs.map(pairCodes).join(', ')}
                  </Text>
                </Table.Td>
              )}
              {party.object === 'supplier' && (
                <Table.Td ta="right">{party.rating === null ? '' : t('parties.rating.value', { rating: formatNumber(party.rating, 1) })}</Table.Td>
              )}
              <Table.Td>
                <LabelBadges labels={party.labels} />
              </Table.Td>
              <Table.Td>{party.currency.code}</Table.Td>
              <Table.Td style={NOWRAP}>{formatDate(party.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
