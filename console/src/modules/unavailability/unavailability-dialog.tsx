import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { daysOfPeriod, periodOfDays, validatePeriod, type Period } from './unavailability-dates';
import { useCreateUnavailability, useUpdateUnavailability } from './unavailability-queries';
import { DateField } from '../../shared/ui/date-field';

type PeriodValues = { from: string; until: string; reason: string };

/**
 * Adds a period of unavailability (whole days, both included, with a reason) or changes one. A
 * period's dates unchanged are not sent: its times, when the API was given some, stay as they were.
 */
export function UnavailabilityDialog({
  supplierId,
  period,
  firstDay,
  opened,
  onClose,
}: {
  supplierId: string;
  period?: Period;
  /** The first day a new period takes. */
  firstDay: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(period ? 'unavailability.editTitle' : 'unavailability.addTitle')}
      closeButtonProps={{ 'aria-label': t('action.close') }}
      // Locking the page's scroll adds a <style> element without the page's nonce (ui/confirm-delete.tsx).
      lockScroll={false}
    >
      {opened && <PeriodForm supplierId={supplierId} period={period} firstDay={firstDay} onDone={onClose} />}
    </Modal>
  );
}

function PeriodForm({ supplierId, period, firstDay, onDone }: { supplierId: string; period?: Period; firstDay: string; onDone: () => void }) {
  const [initial] = useState<PeriodValues>(() => {
    if (!period) return { from: firstDay, until: firstDay, reason: '' };
    const { first, last } = daysOfPeriod(period);
    return { from: first, until: last, reason: period.reason };
  });
  const form = useForm<PeriodValues>({
    initialValues: initial,
    validate: (values) => Object.fromEntries(Object.entries(validatePeriod(values)).map(([field, key]) => [field, t(key)])),
  });
  const create = useCreateUnavailability(supplierId);
  const update = useUpdateUnavailability(supplierId);
  const [problem, setProblem] = useState<string>();

  const submit = form.onSubmit((values) => {
    const days = periodOfDays(values.from, values.until);
    if (!days) return;
    setProblem(undefined);
    const reason = values.reason.trim();
    // The API names `to`; the form's field is "Until".
    const onError = (error: unknown) => setProblem(showProblem(form, error, (param) => (param === 'to' ? 'until' : param)));
    if (!period) return create.mutate({ ...days, reason }, { onSuccess: onDone, onError });
    const datesChanged = values.from !== initial.from || values.until !== initial.until;
    update.mutate({ unavailabilityId: period.id, body: { ...(datesChanged ? days : {}), reason } }, { onSuccess: onDone, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <DateField label={t('unavailability.field.from')} withAsterisk data-autofocus {...form.getInputProps('from')} />
          <DateField
            label={t('unavailability.field.until')}
            description={t('unavailability.field.untilHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            {...form.getInputProps('until')}
          />
        </SimpleGrid>
        <TextInput label={t('unavailability.field.reason')} placeholder={t('unavailability.field.reasonPlaceholder')} {...form.getInputProps('reason')} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t(period ? 'action.save' : 'action.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
