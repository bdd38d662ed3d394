import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useClientChoices } from '../../shared/api/choices';
import { partyQuery } from '../../shared/api/party';
import { formatDate, formatDateTime } from '../../shared/formatting/format';
import { t } from '../../shared/i18n';
import { useListAddress } from '../../shared/list-page/list-address';
import { ListPage } from '../../shared/list-page/list-page';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { RemoteSelect, type Options } from '../../shared/ui/remote-select';
import { requestsQuery, type ClientRequest } from './queries';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, REQUEST_STATUSES, requestsApiQuery, statusFilterOf, type RequestsSearch } from './search';
import { RequestStatusBadge } from './status-badge';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * `/requests` (docs/console.md#requests): what clients ask for from the client portal, newest
 * first, opening on those waiting for an answer (`new`); the status filter and a client are in the
 * address, and the server filters and pages. Each request's number opens its page, where it is answered.
 */
export function RequestsPage() {
  const search = useSearch({ from: '/signed-in/requests' });
  const list = useQuery(requestsQuery(requestsApiQuery(search)));
  const update = useListAddress<RequestsSearch>({ to: '/requests' });
  const status = statusFilterOf(search);
  const filtered = status !== 'new' || search.client !== undefined;
  const rows = list.data?.items;

  return (
    <ListPage
      title={t('nav.requests')}
      filters={
        <Stack gap="sm">
          <Text c="dimmed">{t('requests.intro')}</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text component="span" size="sm" fw={500} id="requests-status">
                {t('requests.filter.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="requests-status"
                value={status}
                onChange={(value) => update({ status: value === 'new' ? undefined : value })}
                data={[
                  ...REQUEST_STATUSES.map((value) => ({ value, label: t(`requests.status.${value}`) })),
                  { value: 'all', label: t('requests.filter.all') },
                ]}
              />
            </Stack>
            <ClientFilter value={search.client ?? null} onChange={(client) => update({ client: client ?? undefined })} />
            {filtered && (
              <Button variant="subtle" onClick={() => update({ status: undefined, client: undefined })}>
                {t('requests.filter.clear')}
              </Button>
            )}
          </Group>
        </Stack>
      }
      answer={list.data}
      pageSizes={PAGE_SIZES}
      pageSizeLabel={t('requests.pageSize')}
      defaultPageSize={DEFAULT_PAGE_SIZE}
      onPage={(page) => update({ page }, { keepPage: true })}
      onPageSize={(pageSize) => update({ pageSize })}
    >
      {list.isError && (
        <Alert color="red" title={t('state.error', { message: list.error.message })} role="alert">
          <Button variant="light" color="red" size="xs" onClick={() => void list.refetch()}>
            {t('state.retry')}
          </Button>
        </Alert>
      )}
      {rows === undefined && !list.isError && <Text c="dimmed">{t('state.loading')}</Text>}
      {rows !== undefined && rows.length > 0 && <RequestsTable items={rows} />}
      {rows !== undefined && rows.length === 0 && (
        <Stack align="center" gap="xs" py="xl" role="status">
          <Text fw={600}>{filtered ? t('requests.empty') : t('requests.empty.new')}</Text>
        </Stack>
      )}
    </ListPage>
  );
}

function RequestsTable({ items }: { items: ClientRequest[] }) {
  return (
    <Table.ScrollContainer minWidth={900} tabIndex={0} role="region" aria-label={t('requests.list.scroll')}>
      <Table striped verticalSpacing="xs" aria-label={t('requests.list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('requests.column.number')}</Table.Th>
            <Table.Th>{t('requests.column.client')}</Table.Th>
            <Table.Th>{t('requests.column.service')}</Table.Th>
            <Table.Th>{t('requests.column.languages')}</Table.Th>
            <Table.Th>{t('requests.column.due')}</Table.Th>
            <Table.Th>{t('requests.column.received')}</Table.Th>
            <Table.Th ta="right">{t('requests.column.files')}</Table.Th>
            <Table.Th>{t('requests.column.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={NOWRAP}>
                <AnchorLink to="/requests/$requestId" params={{ requestId: request.id }} fw={600} c="blue.8" td="underline">
                  {request.number}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <AnchorLink to="/clients/$clientId" params={{ clientId: request.client.id }} c="blue.8" td="underline">
                  {request.client.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {request.requestedBy.name}
                </Text>
              </Table.Td>
              <Table.Td>{request.service.name}</Table.Td>
              <Table.Td maw={260}>
                {request.sourceLanguage.name} → {request.targetLanguages.map((language) => language.name).join(', ')}
              </Table.Td>
              {/* A due date is a day (midnight UTC). */}
              <Table.Td style={NOWRAP}>{request.dueDate ? formatDate(request.dueDate.slice(0, 10)) : t('requests.none')}</Table.Td>
              <Table.Td style={NOWRAP}>{formatDateTime(request.createdAt)}</Table.Td>
              <Table.Td ta="right">{request.files.length}</Table.Td>
              <Table.Td>
                <RequestStatusBadge status={request.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The client filter: found by typing part of the name; one read from the address shows its name. */
function ClientFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { data: client } = useQuery({ ...partyQuery({ kind: 'client', id: value ?? '' }), enabled: value !== null });
  const useOptions = (q: string): Options => {
    const { data, isFetching } = useClientChoices(q);
    return { options: (data?.items ?? []).map((item) => ({ value: item.id, label: item.name })), loading: isFetching };
  };
  return (
    <RemoteSelect
      w={260}
      label={t('requests.filter.client')}
      placeholder={t('requests.filter.anyClient')}
      value={value}
      onChange={onChange}
      useOptions={useOptions}
      selectedLabel={value !== null ? (client?.name ?? '…') : undefined}
      nothingFound={t('newJob.client.none')}
      clearable
    />
  );
}
