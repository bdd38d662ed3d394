import { Alert, Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import { formatDateTime, formatMoney } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { rules } from '../new-job/new-job-values';
import { fromLocalInput, toLocalInput } from '../../../shared/formatting/job-format';
import { amountProblem, OUTSOURCING_STATUSES, statusLabel, type Outsourcing } from './outsourcing-figures';
import { useDeleteOutsourcing, useUpdateOutsourcing, type OutsourcingChanges } from './outsourcing-queries';
import { LIMITS } from '../../../shared/api/limits.gen';

/**
 * What every dialog of the section shares: a named close button, and no scroll lock — Mantine
 * locks the page's scroll with react-remove-scroll, whose injected <style> carries no CSP nonce
 * (the console's strict style-src refuses it) unless the app gives `get-nonce` the page's nonce.
 */
export const MODAL_PROPS = { lockScroll: false, closeButtonProps: { 'aria-label': t('action.close') } } as const;

// A type (not an interface): showProblem takes a record of the form's values.
type EditValues = { status: string; unitCost: number | string; dueDate: string };

/** Edits an outsourcing's status, supplier price and due date (PUT /v2/jobs/:id/outsourcing/:outsourcingId): only what changed is sent. */
export function OutsourcingEditDialog({
  job,
  item,
  onClose,
  onSaved,
}: {
  job: Job;
  item: Outsourcing | null;
  onClose: () => void;
  onSaved: (supplier: string) => void;
}) {
  return (
    <Modal {...MODAL_PROPS} opened={item !== null} onClose={onClose} title={item ? t('outsourcing.edit.title', { supplier: item.supplier.name }) : ''}>
      {item && <EditForm job={job} item={item} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditForm({ job, item, onClose, onSaved }: { job: Job; item: Outsourcing; onClose: () => void; onSaved: (supplier: string) => void }) {
  const update = useUpdateOutsourcing(job);
  const [problem, setProblem] = useState<string>();
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: { status: String(item.status), unitCost: item.quantity.unitCost, dueDate: toLocalInput(item.dueDate) },
    validate: { unitCost: (value) => amountProblem(value, true), dueDate: rules.dateTime },
  });
  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    const changes: OutsourcingChanges = {};
    if (Number(values.status) !== item.status) changes.status = Number(values.status);
    if (Number(values.unitCost) !== item.quantity.unitCost) changes.unitCost = Number(values.unitCost);
    // Compared as typed (minutes): an untouched field is no change, even if the stored moment has seconds.
    if (values.dueDate !== toLocalInput(item.dueDate)) changes.dueDate = fromLocalInput(values.dueDate) ?? null;
    if (Object.keys(changes).length === 0) return onClose();
    try {
      await update.mutateAsync({ id: item.id, changes });
      onSaved(item.supplier.name);
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label={t('outsourcing.field.status')}
          data={OUTSOURCING_STATUSES.map((status) => ({ value: String(status), label: statusLabel(status) }))}
          data-autofocus
          {...form.getInputProps('status')}
        />
        <NumberInput
          label={t('outsourcing.field.unitCost', { unit: item.quantityType.name, currency: item.currency.code })}
          required
          min={0}
          max={LIMITS.amount}
          decimalScale={6}
          allowNegative={false}
          hideControls
          {...form.getInputProps('unitCost')}
        />
        <TextInput
          type="datetime-local"
          label={t('outsourcing.field.dueDate')}
          description={job.dueDate ? t('outsourcing.field.dueDateJob', { due: formatDateTime(job.dueDate) }) : t('outsourcing.field.dueDateNoJobDue')}
          {...form.getInputProps('dueDate')}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('action.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks before removing an outsourcing (DELETE /v2/jobs/:id/outsourcing/:outsourcingId). */
export function OutsourcingRemoveDialog({
  job,
  item,
  onClose,
  onRemoved,
}: {
  job: Job;
  item: Outsourcing | null;
  onClose: () => void;
  onRemoved: (supplier: string) => void;
}) {
  const remove = useDeleteOutsourcing(job);
  const [problem, setProblem] = useState<string>();
  const confirm = async () => {
    if (!item) return;
    setProblem(undefined);
    try {
      await remove.mutateAsync(item.id);
      onRemoved(item.supplier.name);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Modal
      {...MODAL_PROPS}
      opened={item !== null}
      onClose={() => {
        setProblem(undefined);
        onClose();
      }}
      title={t('outsourcing.remove.title')}
    >
      {item && (
        <Stack gap="sm">
          <Text>{t('outsourcing.remove.text', { name: item.name, supplier: item.supplier.name, cost: formatMoney(item.total, item.currency.code) })}</Text>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('action.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending}>
              {t('outsourcing.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
