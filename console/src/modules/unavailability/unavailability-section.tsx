import '@mantine/dates/styles.css';
import { useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ConfirmRecordDelete } from '../../shared/ui/confirm-delete';
import { formatDate, formatDateTime } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { PartySectionState } from '../../shared/ui/party-section-state';
import classes from './unavailability-calendar.module.css';
import { coveredDays, dayOf, dayStart, daysOfPeriod, isNow, isWholeDays, type Period } from './unavailability-dates';
import { UnavailabilityDialog } from './unavailability-dialog';
import { unavailabilitiesQuery, useDeleteUnavailability } from './unavailability-queries';

/**
 * A supplier's "Unavailability" (docs/console.md#clients-and-suppliers): this month and the next
 * with the days the supplier is unavailable marked, and the periods with their first and last day
 * and reason (the past ones on demand); a role that may change project work adds, edits and deletes them.
 */
export function SupplierUnavailabilitySection({ supplierId }: { supplierId: string }) {
  const canWrite = useCan('projects');
  const query = useQuery(unavailabilitiesQuery(supplierId));
  const remove = useDeleteUnavailability(supplierId);
  const [dialog, setDialog] = useState<{ period?: Period } | null>(null);
  const [deleting, setDeleting] = useState<Period | null>(null);
  const [showPast, setShowPast] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `supplier-unavailability-${supplierId}`;
  const periods = useMemo(() => [...(query.data?.old ?? []), ...(query.data?.currents ?? [])], [query.data]);
  const days = useMemo(() => coveredDays(periods), [periods]);

  if (!query.data) return <PartySectionState headingId={headingId} title={t('unavailability.title')} query={query} />;
  const { currents, old } = query.data;
  const today = dayOf(new Date());

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} id={headingId} ref={heading} tabIndex={-1}>
            {t('unavailability.title')}
          </Title>
          {canWrite && (
            <Button variant="light" onClick={() => setDialog({})}>
              {t('unavailability.add')}
            </Button>
          )}
        </Group>
        <Box role="group" aria-label={t('unavailability.calendar')}>
          <Calendar
            static
            numberOfColumns={2}
            maxLevel="month"
            classNames={{ levelsGroup: classes.levels }}
            ariaLabels={{ previousMonth: t('unavailability.previousMonth'), nextMonth: t('unavailability.nextMonth') }}
            highlightToday
            // The other months' days around each month would be a second, paler copy of them.
            hideOutsideDates
            // Mantine's red weekends are too pale on white for small text (WCAG AA); the marks are what matter here.
            weekendDays={[]}
            getDayAriaLabel={(date) => {
              const label = formatDate(dayStart(date)?.toISOString());
              return days.has(date) ? `${label}, ${t('unavailability.dayUnavailable')}` : label;
            }}
            getDayProps={(date) => {
              const day = days.get(date);
              return day ? { selected: true, 'data-unavailable': true, 'data-first': day.first || undefined, 'data-last': day.last || undefined } : {};
            }}
            renderDay={(date) => (
              <>
                {Number(date.slice(8, 10))}
                {days.has(date) && <VisuallyHidden>{`, ${t('unavailability.dayUnavailable')}`}</VisuallyHidden>}
              </>
            )}
          />
          <Text size="sm" c="dimmed" mt={4}>
            {t('unavailability.legend')}
          </Text>
        </Box>
        {currents.length === 0 ? (
          <Text c="dimmed">{t('unavailability.none')}</Text>
        ) : (
          <PeriodsTable
            label={t('unavailability.current')}
            periods={currents}
            canWrite={canWrite}
            onEdit={(period) => setDialog({ period })}
            onDelete={setDeleting}
          />
        )}
        {old.length > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={() => setShowPast((shown) => !shown)} aria-expanded={showPast} w="fit-content">
            {showPast ? t('unavailability.hidePast') : t('unavailability.showPast', { count: old.length })}
          </Button>
        )}
        {showPast && old.length > 0 && (
          <PeriodsTable label={t('unavailability.past')} periods={old} canWrite={canWrite} onEdit={(period) => setDialog({ period })} onDelete={setDeleting} />
        )}
      </Stack>
      <UnavailabilityDialog supplierId={supplierId} period={dialog?.period} firstDay={today} opened={dialog !== null} onClose={() => setDialog(null)} />
      <ConfirmRecordDelete
        record={deleting}
        title={t('unavailability.deleteTitle')}
        text={t('unavailability.deleteText', { period: deleting ? periodText(deleting) : '' })}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => requestAnimationFrame(() => heading.current?.focus())}
      />
    </section>
  );
}

/** A period's first and last moment as shown: days for whole days, else with the times. */
function periodEnds(period: Period): { from: string; until: string } {
  if (!isWholeDays(period)) return { from: formatDateTime(period.from), until: formatDateTime(period.to) };
  const { first, last } = daysOfPeriod(period);
  return { from: formatDate(dayStart(first)?.toISOString()), until: formatDate(dayStart(last)?.toISOString()) };
}

function periodText(period: Period): string {
  return t('unavailability.period', periodEnds(period));
}

function PeriodsTable({
  label,
  periods,
  canWrite,
  onEdit,
  onDelete,
}: {
  label: string;
  periods: readonly Period[];
  canWrite: boolean;
  onEdit: (period: Period) => void;
  onDelete: (period: Period) => void;
}) {
  return (
    <ScrollTable minWidth={420} label={label}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('unavailability.column.from')}</Table.Th>
            <Table.Th>{t('unavailability.column.until')}</Table.Th>
            <Table.Th>{t('unavailability.column.reason')}</Table.Th>
            {canWrite && <Table.Th>{t('unavailability.column.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((period) => {
            const ends = periodEnds(period);
            const text = periodText(period);
            return (
              <Table.Tr key={period.id}>
                <Table.Td>{ends.from}</Table.Td>
                <Table.Td>{ends.until}</Table.Td>
                <Table.Td>
                  {period.reason}
                  {isNow(period) && (
                    <Text span size="sm" fw={600} ml={period.reason ? 6 : 0}>
                      {t('unavailability.now')}
                    </Text>
                  )}
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="subtle" onClick={() => onEdit(period)} aria-label={t('unavailability.edit', { period: text })}>
                        {t('action.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onDelete(period)}
                        aria-label={t('unavailability.delete', { period: text })}
                      >
                        {t('action.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
