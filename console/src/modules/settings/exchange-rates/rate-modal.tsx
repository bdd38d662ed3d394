import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../../shared/i18n';
import { formatDate } from '../../../shared/formatting/format';
import { showProblem } from '../../../shared/ui/form-errors';
import { CURRENCIES } from '../../../shared/api/choices';
import { currencyError, dateError, rateError, rateSentence, rateText, rateValue } from './rate';
import { useCreateRate, useUpdateRate, type ExchangeRate } from './queries';
import { DateField } from '../../../shared/ui/date-field';

type Values = { date: string; currency: string | null; rate: string };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Add a rate" (no `rate` given) or "Edit rate": date, currency (never the account currency) and
 * rate, checked as the API checks them; the API's refusals (a rate of that currency and day
 * exists: 409) are shown at their field or above the form.
 */
export function RateModal({
  opened,
  rate,
  accountCurrency,
  onClose,
}: {
  opened: boolean;
  rate: ExchangeRate | null;
  accountCurrency: string;
  onClose: () => void;
}) {
  const create = useCreateRate();
  const update = useUpdateRate();
  const [problem, setProblem] = useState<string>();
  const currencies = useMemo(() => CURRENCIES.filter((code) => code !== accountCurrency), [accountCurrency]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { date: today(), currency: null, rate: '' },
    validate: {
      date: (date) => {
        const error = dateError(date);
        return error && t(error);
      },
      currency: (currency) => {
        const error = currencyError(currency, accountCurrency, CURRENCIES);
        return error && t(error);
      },
      rate: (text) => {
        const error = rateError(text);
        return error && t(error);
      },
    },
  });
  // The dialog opens on the rate edited, or empty for a new one.
  useEffect(() => {
    if (!opened) return;
    const values: Values = rate ? { date: rate.date, currency: rate.currency, rate: rateText(rate.rate) } : { date: today(), currency: null, rate: '' };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setProblem(undefined);
    // Only when the dialog opens: the form is edited afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, rate]);

  const close = () => {
    setProblem(undefined);
    create.reset();
    update.reset();
    onClose();
  };
  const preview =
    form.values.currency && rateError(form.values.rate) === null ? rateSentence(accountCurrency, rateValue(form.values.rate), form.values.currency) : null;

  const submit = form.onSubmit((values) => {
    setProblem(undefined);
    const body = { date: values.date, currency: values.currency ?? '', rate: rateValue(values.rate) };
    const done = (saved: ExchangeRate) => {
      notifications.show({
        closeButtonProps: { 'aria-label': t('action.close') },
        color: 'teal',
        message: t(rate ? 'rates.updated' : 'rates.created', { currency: saved.currency, date: formatDate(saved.date) }),
      });
      close();
    };
    const failed = (error: unknown) => setProblem(showProblem(form, error));
    if (rate) update.mutate({ id: rate.id, changes: body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  });

  return (
    <Modal
      lockScroll={false}
      opened={opened}
      onClose={close}
      title={rate ? t('rates.edit') : t('rates.add')}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <DateField label={t('rates.field.date')} withAsterisk data-autofocus {...form.getInputProps('date')} />
          <Select
            label={t('rates.field.currency')}
            withAsterisk
            searchable
            data={currencies}
            limit={400}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('currency')}
          />
          <TextInput
            label={t('rates.field.rate')}
            description={t('rates.field.rateHelp', { currency: accountCurrency })}
            withAsterisk
            inputMode="decimal"
            {...form.getInputProps('rate')}
          />
          <Text size="sm" c="dimmed" aria-live="polite" mih={20}>
            {preview}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {rate ? t('rates.save') : t('rates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
