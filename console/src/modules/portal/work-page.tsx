import { Anchor, Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { noteNodes } from '../notes';
import { NotFound } from './not-found-page';
import { DetailsGrid } from './details-grid';
import { usePortalText } from './use-portal-text';
import { formatDue, formatMoney, formatRate, isOverdue, pairText, type PortalWork } from './work';
import { WorkAnswer } from './work-answer';
import { OverdueBadge, StateBadge } from './work-card';
import { WorkChecklist, WorkComments } from './work-notes';
import { WorkPurchaseOrder } from './work-purchase-order';
import { WorkFiles } from './work-files';
import { workQuery } from './work-queries';
import classes from './portal.module.css';

/**
 * `/portal/work/$id`: one piece of work with everything the supplier needs: the answer it asks
 * (accept or refuse an offer, mark open work done), the details and the price, the match bands,
 * the agency's instructions, the checklist and the supplier's comments. Work that is not theirs
 * is a page not found.
 */
export function PortalWorkPage() {
  const { id } = useParams({ from: '/portal/signed-in/work/$id' });
  const { t } = usePortalText();
  const query = useQuery(workQuery(id));

  if (query.isPending) return <Loader size="sm" aria-label={t('work.title')} />;
  if (query.isError) {
    if (query.error instanceof ApiProblem && query.error.status === 404) return <NotFound inFrame />;
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('work.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void query.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const work = query.data;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} to="/portal" size="sm" className={classes.backLink}>
          ← {t('page.back')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" className={classes.value}>
            {work.name}
          </Title>
          <StateBadge state={work.state} />
        </Group>
      </Stack>
      <WorkAnswer work={work} />
      <WorkDetails work={work} />
      <WorkPurchaseOrder work={work} />
      {work.quantity.matches.length > 0 && <MatchBands work={work} />}
      {work.instructions && <Instructions html={work.instructions} />}
      <WorkFiles work={work} />
      {work.checklist.length > 0 && <WorkChecklist work={work} />}
      <WorkComments work={work} />
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function WorkDetails({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const { t, formatNumber } = text;
  const overdue = isOverdue(work);
  const pair = pairText(work.languagePair);
  const unit = work.quantity.unit.name;
  const details: Array<{ label: string; value: ReactNode }> = [
    ...(work.clientName ? [{ label: t('page.client'), value: work.clientName }] : []),
    { label: t('page.service'), value: work.service.name },
    ...(pair ? [{ label: t('page.languages'), value: pair }] : []),
    ...(work.startDate ? [{ label: t('page.start'), value: formatDue(text, work.startDate) }] : []),
    {
      label: t('page.due'),
      value: work.dueDate ? (
        <Group gap="xs" component="span">
          <span>{formatDue(text, work.dueDate)}</span>
          {overdue && <OverdueBadge />}
        </Group>
      ) : (
        t('work.noDue')
      ),
    },
    { label: t('page.quantity'), value: `${formatNumber(work.quantity.value)} ${unit}` },
    { label: t('page.weighted'), value: `${formatNumber(work.quantity.weighted)} ${unit}` },
    work.fixedPrice !== null
      ? { label: t('page.fixedPrice'), value: formatMoney(text, work.fixedPrice, work.currency) }
      : { label: t('page.unitCost'), value: formatMoney(text, work.unitCost, work.currency) },
    { label: t('page.total'), value: <strong>{formatMoney(text, work.total, work.currency)}</strong> },
  ];
  return (
    <Section id="portal-work-details" title={t('page.details')}>
      <DetailsGrid details={details} cols={{ base: 1, xs: 2, md: 4 }} />
    </Section>
  );
}

/** The match bands: each category's quantity and the share of the unit price paid for it. */
function MatchBands({ work }: { work: PortalWork }) {
  const text = usePortalText();
  const { t, formatNumber } = text;
  return (
    <Section id="portal-work-matches" title={t('page.matches')}>
      {/* Three short columns: a table as wide as the page would push them apart on a desktop. */}
      <Paper withBorder radius="md" maw="36rem">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('page.matches.category')}</Table.Th>
              <Table.Th ta="right">{t('page.matches.quantity')}</Table.Th>
              <Table.Th ta="right">{t('page.matches.rate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {work.quantity.matches.map((band, index) => (
              <Table.Tr key={`${band.name}-${index}`}>
                <Table.Td className={classes.value}>{band.name}</Table.Td>
                <Table.Td ta="right">{formatNumber(band.value)}</Table.Td>
                <Table.Td ta="right">{formatRate(text, band.rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Section>
  );
}

/** The agency's instructions: the server sanitised them; the page builds them from the notes' allow-list. */
function Instructions({ html }: { html: string }) {
  const { t } = usePortalText();
  const nodes = useMemo(() => noteNodes(html), [html]);
  return (
    <Section id="portal-work-instructions" title={t('page.instructions')}>
      <Paper withBorder p="md" radius="md">
        <Typography className={classes.value}>{nodes}</Typography>
      </Paper>
    </Section>
  );
}
