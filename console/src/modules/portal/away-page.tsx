import { Alert, Badge, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { LIMITS } from '../../shared/api/limits.gen';
import { dayOf, dayStart, daysOfPeriod, isNow, periodOfDays } from '../unavailability';
import { awayQuery, useAddAway, useDeleteAway, type AwayPeriod } from './away-queries';
import { PortalNotFoundPage } from './not-found-page';
import { usePortalPerson } from './session';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/**
 * `/portal/away`: the supplier's periods away (docs/console.md#portal-pages,
 * docs/supplier-portal.md#unavailability) — the ones running or to come, the past ones, a form to
 * add one (whole days, both included, with a note), and deleting one after a confirmation. The
 * same records the agency keeps on the supplier's page. A client's person has none: not found.
 */
export function PortalAwayPage() {
  const person = usePortalPerson();
  const { t } = usePortalText();
  if (person.party.kind !== 'supplier') return <PortalNotFoundPage />;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{t('away.title')}</Title>
        <Text>{t('away.intro', { agency: person.agency.name })}</Text>
      </Stack>
      <AddPeriod />
      <PeriodLists />
    </Stack>
  );
}

type Field = 'from' | 'until' | 'note';

function AddPeriod() {
  const { t } = usePortalText();
  const add = useAddAway();
  const today = dayOf(new Date());
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setAdded(false);
    setProblem(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (!dayStart(from)) found.from = t('away.error.date');
    if (!dayStart(until)) found.until = t('away.error.date');
    else if (!found.from && until < from) found.until = t('away.error.order');
    if ([...note.trim()].length > LIMITS.text) found.note = t('away.error.tooLong', { max: LIMITS.text });
    setErrors(found);
    const days = periodOfDays(from, until);
    if (Object.keys(found).length > 0 || !days) return;
    add.mutate(
      { ...days, ...(note.trim() ? { reason: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNote('');
          setAdded(true);
        },
        // The API checks what the form checks; what it refuses anyway is said as it says it.
        onError: (error) => {
          if (error instanceof ApiProblem && error.status === 400) {
            const fieldErrors: Partial<Record<Field, string>> = {};
            if (error.fieldMessage('from')) fieldErrors.from = t('away.error.date');
            if (error.fieldMessage('to')) fieldErrors.until = t('away.error.order');
            if (Object.keys(fieldErrors).length > 0) return setErrors(fieldErrors);
          }
          setProblem(t('problem.generic'));
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="portal-away-add">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="portal-away-add">
            {t('away.add.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('away.from')}
              required
              value={from}
              error={errors.from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              classNames={{ input: classes.target }}
            />
            <TextInput
              type="date"
              label={t('away.until')}
              required
              value={until}
              min={dayStart(from) ? from : undefined}
              error={errors.until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              classNames={{ input: classes.target }}
            />
          </SimpleGrid>
          <TextInput
            label={t('away.note')}
            value={note}
            error={errors.note}
            maxLength={LIMITS.text}
            onChange={(event) => setNote(event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="teal.9" role="status">
              {added ? t('away.added') : ''}
            </Text>
            <Button type="submit" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} loading={add.isPending}>
              {t('away.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PeriodLists() {
  const { t } = usePortalText();
  const list = useQuery(awayQuery);
  const remove = useDeleteAway();
  const [deleting, setDeleting] = useState<AwayPeriod | null>(null);
  const [deleted, setDeleted] = useState(false);
  const periodText = usePeriodText();

  if (list.isPending) return <Loader size="sm" aria-label={t('away.title')} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('away.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void list.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const section = (id: string, title: string, periods: AwayPeriod[], empty?: string) => (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {periods.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} className={classes.list}>
          {periods.map((period) => (
            <Paper key={period.id} withBorder p="sm" radius="md" component="li">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Text fw={600}>{periodText(period)}</Text>
                    {isNow(period) && (
                      <Badge color="orange" variant="light" className={classes.badge}>
                        {t('away.now')}
                      </Badge>
                    )}
                  </Group>
                  {period.reason && (
                    <Text size="sm" c="dimmed" className={classes.value}>
                      {period.reason}
                    </Text>
                  )}
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  className={classes.target}
                  style={{ flexShrink: 0 }}
                  aria-label={t('away.deleteLabel', { period: periodText(period) })}
                  onClick={() => {
                    setDeleted(false);
                    remove.reset();
                    setDeleting(period);
                  }}
                >
                  {t('away.delete')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );

  return (
    <>
      <Text size="sm" c="teal.9" role="status">
        {deleted ? t('away.deleted') : ''}
      </Text>
      {section('portal-away-current', t('away.current.title'), list.data.currents, t('away.current.empty'))}
      {list.data.old.length > 0 && section('portal-away-old', t('away.old.title'), [...list.data.old].reverse())}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('away.deleteTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('answer.close') }}
      >
        {deleting && (
          <Stack gap="md">
            <Text>{t('away.deleteText', { period: periodText(deleting) })}</Text>
            {remove.isError && (
              <Alert color="red" role="alert">
                {t('problem.generic')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" className={classes.target} onClick={() => setDeleting(null)}>
                {t('answer.cancel')}
              </Button>
              <Button
                color="red.9"
                className={classes.target}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(deleting.id, {
                    onSuccess: () => {
                      setDeleting(null);
                      setDeleted(true);
                    },
                  })
                }
              >
                {t('away.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** A period as its days, both included ("3 Mar 2031 to 7 Mar 2031"), in the portal's language. */
function usePeriodText() {
  const { t, formatDate } = usePortalText();
  return (period: AwayPeriod) => {
    const { first, last } = daysOfPeriod(period);
    const day = (text: string) => formatDate(dayStart(text) ?? new Date(text));
    return t('away.period', { from: day(first), until: day(last) });
  };
}
