import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useCan, useSession } from '../../../shared/session/session';
import { t } from '../../../shared/i18n';
import { formatDate, formatMoney, formatNumber } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { MarginWarnings } from './margin-warnings';
import { OutsourcingAddForm } from './outsourcing-add-form';
import { OutsourcingEditDialog, OutsourcingRemoveDialog } from './outsourcing-dialogs';
import { CANCELLED, formatRate, profitabilityView, statusColor, statusLabel, type Outsourcing } from './outsourcing-figures';
import { ScrollTable } from '../../../shared/ui/scroll-table';
import { PurchaseOrderFromOutsourcing } from '../../documents';
import { PortalBadge, SupplierWords } from './outsourcing-portal';
import { OutsourcingPortalDialog } from './outsourcing-portal-dialog';
import { createdMessage, OfferRoundDialog } from './offer-round-dialog';
import { OfferRoundsBlock } from './offer-rounds-block';

/**
 * The job page's "Outsourcing" section (docs/console.md#the-job-page): the job's cost, margin and
 * margin rate (as the API computed them), the suppliers it is outsourced to, and — for roles that
 * change project work — adding a supplier with the suggested supplier price, editing and removing.
 */
export function OutsourcingSection({ job }: { job: Job }) {
  const can = useCan('projects');
  const { user } = useSession();
  const headingId = `job-outsourcing-${job.id}`;
  const [adding, setAdding] = useState(false);
  const [offering, setOffering] = useState(false);
  const [editing, setEditing] = useState<Outsourcing | null>(null);
  const [removing, setRemoving] = useState<Outsourcing | null>(null);
  const [portal, setPortal] = useState<Outsourcing | null>(null);
  const [done, setDone] = useState<string>();

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId}>
            {t('job.section.outsourcing')}
          </Title>
          {can && (
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  setDone(undefined);
                  setOffering(true);
                }}
              >
                {t('offerRounds.open')}
              </Button>
              <Button
                variant="light"
                onClick={() => {
                  setDone(undefined);
                  setAdding(true);
                }}
              >
                {t('outsourcing.add')}
              </Button>
            </Group>
          )}
        </Group>
        <ProfitabilitySummary job={job} />
        <MarginWarnings job={job} />
        {done && (
          <Alert color="green" role="status">
            {done}
          </Alert>
        )}
        {job.outsourcing.length === 0 ? (
          <Text c="dimmed">{t('outsourcing.list.empty')}</Text>
        ) : (
          <OutsourcingTable job={job} can={can} onEdit={setEditing} onPortal={setPortal} onRemove={setRemoving} />
        )}
        <OfferRoundsBlock job={job} can={can} onDone={setDone} />
        <PurchaseOrderFromOutsourcing job={job} />
        {!can && <Text c="dimmed">{t('outsourcing.readOnly', { role: t(`role.${user.role}`) })}</Text>}
      </Stack>
      {can && (
        <>
          <OutsourcingAddForm
            job={job}
            opened={adding}
            onClose={() => setAdding(false)}
            onAdded={(supplier) => {
              setAdding(false);
              setDone(t('outsourcing.added', { supplier }));
            }}
          />
          <OfferRoundDialog
            job={job}
            opened={offering}
            onClose={() => setOffering(false)}
            onCreated={(count) => {
              setOffering(false);
              setDone(createdMessage(count));
            }}
          />
          <OutsourcingEditDialog
            job={job}
            item={editing}
            onClose={() => setEditing(null)}
            onSaved={(supplier) => {
              setEditing(null);
              setDone(t('outsourcing.saved', { supplier }));
            }}
          />
          <OutsourcingPortalDialog
            job={job}
            item={portal}
            onClose={() => setPortal(null)}
            onSaved={(supplier) => {
              setPortal(null);
              setDone(t('outsourcing.portal.saved', { supplier }));
            }}
            onActed={(message) => {
              setPortal(null);
              setDone(message);
            }}
          />
          <OutsourcingRemoveDialog
            job={job}
            item={removing}
            onClose={() => setRemoving(null)}
            onRemoved={(supplier) => {
              setRemoving(null);
              setDone(t('outsourcing.removed', { supplier }));
            }}
          />
        </>
      )}
    </section>
  );
}

/** Job total, cost, margin and margin rate, with the verdict in words (not only a colour). */
function ProfitabilitySummary({ job }: { job: Job }) {
  const view = profitabilityView(job);
  const figures: Array<[string, string]> = [
    [t('outsourcing.summary.revenue'), view.revenue],
    [t('outsourcing.summary.cost'), view.cost],
  ];
  if (view.margin !== undefined) figures.push([t('outsourcing.summary.margin'), view.margin], [t('outsourcing.summary.marginRate'), view.marginRate ?? '—']);
  const color = view.tone === 'good' ? 'teal.9' : view.tone === 'bad' ? 'red.9' : undefined;
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0} spacing="sm">
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} size="lg">
              {value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {(view.explanation ?? view.status) !== undefined && (
        <Text size="sm" mt="xs" c={color}>
          {view.explanation ?? `${view.status}${view.target ? `, ${view.target}` : ''}`}
        </Text>
      )}
      {view.converted && (
        <Text size="sm" mt="xs" c="dimmed">
          {t('outsourcing.summary.converted', view.converted)}
        </Text>
      )}
    </Paper>
  );
}

const hasWords = (item: Outsourcing) => Boolean(item.portal.supplierComments || item.portal.confirm.comment);

/** Figures and statuses stay on one line; names may wrap. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function OutsourcingTable({
  job,
  can,
  onEdit,
  onPortal,
  onRemove,
}: {
  job: Job;
  can: boolean;
  onEdit: (item: Outsourcing) => void;
  onPortal: (item: Outsourcing) => void;
  onRemove: (item: Outsourcing) => void;
}) {
  return (
    // Fits the job page's main column at 1 024 and 1 280 px: tighter cells, prices that wrap, the
    // actions one under the other; nothing that only scrolling would reach.
    <ScrollTable minWidth={0} label={t('job.section.outsourcing')}>
      {/* Striped unless a row has the supplier's words under it: the stripes would part them from their row. */}
      <Table striped={!job.outsourcing.some(hasWords)} withTableBorder captionSide="top" horizontalSpacing="xs">
        <Table.Caption>{t('outsourcing.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('outsourcing.column.supplier')}</Table.Th>
            <Table.Th scope="col">{t('outsourcing.column.service')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('outsourcing.column.quantity')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('outsourcing.column.price')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('outsourcing.column.cost')}
            </Table.Th>
            <Table.Th scope="col">{t('outsourcing.column.status')}</Table.Th>
            {can && <Table.Th scope="col">{t('outsourcing.column.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {job.outsourcing.map((item) => (
            <Fragment key={item.id}>
              <Table.Tr style={hasWords(item) ? { borderBottom: 'none' } : undefined}>
                <Table.Th scope="row" fw={500}>
                  {item.supplier.name}
                  {item.name !== job.name && (
                    <Text size="xs" c="dimmed">
                      {item.name}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{item.service.name}</Table.Td>
                {/* The unit's name may wrap (the number does not): the table fits the job page's main column at 1 280 px. */}
                <Table.Td ta="right">
                  {t('outsourcing.quantity', { value: formatNumber(item.quantity.value, 6), unit: item.quantityType.name })}
                  {item.quantity.hasMatches && (
                    <Text size="xs" c="dimmed">
                      {t('outsourcing.withMatches')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {item.fixedPrice.amount !== null
                    ? t('outsourcing.fixedPrice')
                    : t('outsourcing.perUnit', { price: formatRate(item.quantity.unitCost, item.currency.code), unit: item.quantityType.name })}
                </Table.Td>
                <Table.Td ta="right" style={NOWRAP}>
                  {formatMoney(item.total, item.currency.code)}
                  {/* The note wraps under the amount (the cell does not): a cancelled offer of a round would widen the table past the column. */}
                  {item.status === CANCELLED && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
                      {t('outsourcing.cancelledNote')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={statusColor(item.status)} variant="light" radius="sm" tt="none" styles={{ label: { overflow: 'visible' } }}>
                    {statusLabel(item.status)}
                  </Badge>
                  <br />
                  <PortalBadge portal={item.portal} />
                  {item.dueDate && (
                    <Text size="xs" c="dimmed" style={NOWRAP}>
                      {t('outsourcing.column.due', { date: formatDate(item.dueDate) })}
                    </Text>
                  )}
                </Table.Td>
                {can && (
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => onEdit(item)}
                        aria-label={t('outsourcing.edit', { supplier: item.supplier.name })}
                      >
                        {t('action.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => onPortal(item)}
                        aria-label={t('outsourcing.portal.open', { supplier: item.supplier.name })}
                      >
                        {t('outsourcing.portal.button')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        c="red.9"
                        onClick={() => onRemove(item)}
                        aria-label={t('outsourcing.remove', { supplier: item.supplier.name })}
                      >
                        {t('action.remove')}
                      </Button>
                    </Stack>
                  </Table.Td>
                )}
              </Table.Tr>
              {/* What the supplier wrote on the portal, under its row across the table: it may be long. */}
              {hasWords(item) && (
                <Table.Tr>
                  <Table.Td colSpan={can ? 7 : 6} pt={0}>
                    <SupplierWords item={item} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
