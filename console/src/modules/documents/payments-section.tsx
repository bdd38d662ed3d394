import { Alert, Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { ConfirmDelete } from '../../shared/ui/confirm-delete';
import { showProblem } from '../../shared/ui/form-errors';
import { formatDate, formatMoney } from '../../shared/formatting/format';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { acceptsPayments, currencyDecimals, paymentSummary, todayIso } from './document-logic';
import type { AnyDocument, DocumentKind } from './kinds';
import { problemText } from './problem-text';
import { usePayments } from './queries';
import { DateField } from '../../shared/ui/date-field';
import { LIMITS } from '../../shared/api/limits.gen';

type Payment = NonNullable<AnyDocument['payments']>[number];

/** An invoice's payments: paid and outstanding, the payments, recording one and removing one (sent or paid invoices). */
export function PaymentsSection({ kind, document, canWrite }: { kind: DocumentKind; document: AnyDocument; canWrite: boolean }) {
  const headingId = `document-payments-${document.id}`;
  const { paid, outstanding } = paymentSummary(document);
  const currency = document.currency.code;
  const open = canWrite && acceptsPayments(kind, document);
  const { add, remove } = usePayments(kind, document.id);
  const [removing, setRemoving] = useState<Payment | null>(null);
  const payments = document.payments ?? [];
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('documents.payments.title')}
        </Title>
        <Paper withBorder p="sm">
          <SimpleGrid cols={3} component="dl" m={0}>
            <Figure label={t('documents.totals.total')} value={formatMoney(document.total.total, currency)} />
            <Figure label={t('documents.column.paid')} value={formatMoney(paid, currency)} testId="paid-amount" />
            <Figure
              label={t('documents.column.outstanding')}
              value={document.status === 1 || document.status === 4 ? '—' : formatMoney(outstanding, currency)}
              testId="outstanding-amount"
            />
          </SimpleGrid>
          {document.status === 1 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('documents.payments.draft')}
            </Text>
          )}
          {document.status === 4 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('documents.payments.credited')}
            </Text>
          )}
        </Paper>
        {payments.length === 0 ? (
          <Text c="dimmed">{t('documents.payments.empty')}</Text>
        ) : (
          <ScrollTable label={t('documents.payments.title')} minWidth={480}>
            <Table striped withTableBorder captionSide="top">
              <Table.Caption>{t('documents.payments.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('documents.payments.date')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('documents.payments.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('documents.payments.reference')}</Table.Th>
                  {open && <Table.Th scope="col">{t('documents.lines.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Th scope="row" fw={400}>
                      {formatDate(payment.date)}
                    </Table.Th>
                    <Table.Td ta="right">{formatMoney(payment.amount, currency)}</Table.Td>
                    <Table.Td>
                      {payment.description ?? '—'}
                      {payment.isFullyPaid && (
                        <Text size="xs" c="dimmed">
                          {t('documents.payments.settles')}
                        </Text>
                      )}
                    </Table.Td>
                    {open && (
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          c="red.9"
                          onClick={() => {
                            remove.reset();
                            setRemoving(payment);
                          }}
                          aria-label={t('documents.payments.remove', { amount: formatMoney(payment.amount, currency), date: formatDate(payment.date) })}
                        >
                          {t('action.remove')}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {/* Nothing left to pay: no form for another payment (removing one opens it again). */}
        {open && outstanding > 0 && <PaymentForm document={document} add={add} outstanding={outstanding} />}
      </Stack>
      <ConfirmDelete
        opened={removing !== null}
        title={t('documents.payments.removeTitle')}
        text={removing ? t('documents.payments.removeText', { amount: formatMoney(removing.amount, currency), date: formatDate(removing.date) }) : ''}
        pending={remove.isPending}
        error={remove.isError ? problemText(remove.error) : undefined}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} size="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

type PaymentValues = {
  amount: number | string;
  date: string;
  description: string;
  isFullyPaid: boolean;
};

/** Records a payment: amount (over 0, the currency's decimals), date, reference, "settles the invoice". */
function PaymentForm({ document, add, outstanding }: { document: AnyDocument; add: ReturnType<typeof usePayments>['add']; outstanding: number }) {
  const [message, setMessage] = useState<string>();
  const form = useForm<PaymentValues>({
    initialValues: { amount: '', date: todayIso(), description: '', isFullyPaid: false },
    validate: {
      amount: (value) =>
        typeof value !== 'number' || !(value > 0)
          ? t('documents.payments.amountRequired')
          : value > LIMITS.amount
            ? t('documents.payments.amountTooLarge')
            : null,
      date: (value) => (value ? null : t('documents.payments.dateRequired')),
      description: (value) => (value.length > LIMITS.text ? t('documents.payments.referenceTooLong') : null),
    },
  });
  const submit = form.onSubmit((values) => {
    setMessage(undefined);
    add.mutate(
      { amount: Number(values.amount), date: values.date, description: values.description.trim() || null, isFullyPaid: values.isFullyPaid },
      {
        onSuccess: () => form.setValues({ amount: '', description: '', isFullyPaid: false }),
        onError: (error) => setMessage(showProblem(form, error)),
      },
    );
  });
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label={t('documents.payments.record')} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{t('documents.payments.record')}</Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            w={160}
            label={t('documents.payments.amount')}
            description={t('documents.payments.outstandingHint', { amount: formatMoney(outstanding, document.currency.code) })}
            decimalScale={currencyDecimals(document.currency.code)}
            min={0}
            hideControls
            required
            {...form.getInputProps('amount')}
          />
          <DateField w={170} label={t('documents.payments.date')} required {...form.getInputProps('date')} />
          <TextInput w={220} label={t('documents.payments.reference')} maxLength={LIMITS.text} {...form.getInputProps('description')} />
        </Group>
        <Checkbox label={t('documents.payments.settlesLabel')} {...form.getInputProps('isFullyPaid', { type: 'checkbox' })} />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('documents.payments.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
