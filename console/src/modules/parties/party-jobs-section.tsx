import { Button, Group as Row, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { JobStatusBadge } from '../../shared/ui/job-status-badge';
import type { PartyRef } from '../../shared/api/party';
import { partyJobsFilter, partyJobsQuery } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A client's jobs, or the jobs outsourced to a supplier, newest first, a page at a time
 * (GET /v2/jobs?client=… or ?supplier=…): as fast for a client with 100 000 jobs as for one with
 * three. "All in the jobs list" opens the list filtered by the party.
 */
export function PartyJobsSection({ party }: { party: PartyRef }) {
  const [page, setPage] = useState(1);
  const { data: jobs, error, isPending, isFetching, refetch } = useQuery(partyJobsQuery(party, page));
  // A new job is a client's: a supplier's page has no "New job".
  const canCreate = useCan('projects') && party.kind === 'client';
  const heading = useId();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Stack gap="sm">
        <Row justify="space-between">
          <Title order={2} size="h3" id={heading}>
            {t('parties.jobs.title')}
          </Title>
          <Row gap="sm">
            <AnchorLink to="/jobs" search={partyJobsFilter(party)} size="sm">
              {t('parties.jobs.openList')}
            </AnchorLink>
            {canCreate && (
              <Button component={Link} to="/jobs/new" variant="light" size="xs">
                {t('parties.jobs.new')}
              </Button>
            )}
          </Row>
        </Row>
        {error ? (
          <LoadProblem error={error} onRetry={refetch} />
        ) : isPending ? (
          <Loading label={t('state.loading')} />
        ) : jobs.items.length === 0 ? (
          <Text c="dimmed">{t(party.kind === 'client' ? 'parties.jobs.none' : 'parties.jobs.noneOutsourced')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-labelledby={heading}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('parties.jobs.column.name')}</Table.Th>
                    <Table.Th>{t('parties.jobs.column.status')}</Table.Th>
                    <Table.Th>{t('parties.jobs.column.dueDate')}</Table.Th>
                    <Table.Th ta="right">{t('parties.jobs.column.total')}</Table.Th>
                    <Table.Th>{t('parties.jobs.column.createdAt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {jobs.items.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        <AnchorLink to="/jobs/$jobId" params={{ jobId: job.id }} fw={500}>
                          {job.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <JobStatusBadge code={job.status} />
                      </Table.Td>
                      <Table.Td style={NOWRAP}>{formatDate(job.dueDate)}</Table.Td>
                      <Table.Td ta="right" style={NOWRAP}>
                        {formatMoney(job.estimation.total, job.currency.code)}
                      </Table.Td>
                      <Table.Td style={NOWRAP}>{formatDate(job.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Row justify="space-between" aria-busy={isFetching}>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('pagination.summary', {
                  from: (jobs.page - 1) * jobs.pageSize + 1,
                  to: (jobs.page - 1) * jobs.pageSize + jobs.items.length,
                  total: jobs.totalItems,
                })}
              </Text>
              {jobs.totalPages > 1 && (
                <Pagination
                  total={jobs.totalPages}
                  value={jobs.page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`parties.page.${control}`) })}
                  getItemProps={(number) => ({ 'aria-label': t('parties.page.number', { number }) })}
                  aria-label={t('parties.jobs.pages')}
                />
              )}
            </Row>
          </>
        )}
      </Stack>
    </Paper>
  );
}
