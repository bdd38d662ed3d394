import { Alert, Button, Checkbox, FileInput, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { LIMITS } from '../../shared/api/limits.gen';
import { dayOf, dayStart } from '../unavailability';
import { currencyDecimals, differenceOf, readAmount, sumAmounts } from '../../shared/formatting/exact-amounts';
import { invoiceableOrdersQuery, useSubmitInvoice, type PortalPurchaseOrder } from './invoices-queries';
import { usePortalText } from './use-portal-text';
import { formatMoney } from './work';
import classes from './portal.module.css';

/** The most a PDF may weigh (the API's cap: docs/supplier-portal.md#invoices). */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
/** The most an explanation may hold (the API's maxLength). */
const EXPLANATION_MAX = 2000;
/** Every PDF file starts with these bytes; the API refuses any other. */
const PDF_MAGIC = '%PDF-';

type Field = 'orders' | 'number' | 'date' | 'total' | 'explanation' | 'file';
type Errors = Partial<Record<Field, string>>;

/** Is the file a PDF the API takes: declared as one (or as nothing, named .pdf), and starting with `%PDF-`? */
async function isPdf(file: File): Promise<boolean> {
  const declared = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!declared) return false;
  const head = new Uint8Array(await file.slice(0, PDF_MAGIC.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_MAGIC;
}

/**
 * The form that submits an invoice (docs/supplier-portal.md#invoices): the invoiceable purchase
 * orders of one currency to tick, the supplier's invoice number and date, the total (set to the
 * exact sum of the orders ticked, which they may change: a total that differs asks why) and the
 * PDF, checked here before sending. What the API refuses anyway is said at its field, or above the
 * button when an order was taken meanwhile (409).
 */
export function InvoiceForm() {
  const text = usePortalText();
  const { t } = text;
  const orders = useQuery(invoiceableOrdersQuery);
  // What the last submission came to outlives the form: the last orders invoiced (or taken
  // meanwhile) leave none to offer, and the form gives way to the text saying so.
  const [outcome, setOutcome] = useState<Outcome>({});

  let body;
  if (orders.isPending) body = <Loader size="sm" aria-label={t('invoices.orders')} />;
  else if (orders.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('invoices.orders.loadFailed')}</Text>
          <Button variant="default" size="sm" className={classes.target} onClick={() => void orders.refetch()}>
            {t('work.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (orders.data.length === 0)
    body = (
      <>
        {outcome.problem && (
          <Alert color="red" role="alert">
            {outcome.problem}
          </Alert>
        )}
        <Text size="sm" c="teal.9" role="status">
          {outcome.sent ? t('invoices.submitted') : ''}
        </Text>
        <Text c="dimmed">{t('invoices.orders.none')}</Text>
      </>
    );
  else body = <SubmitInvoice orders={orders.data} outcome={outcome} setOutcome={setOutcome} />;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="portal-invoice-new">
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-invoice-new">
          {t('invoices.new.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

/** The last submission's outcome: sent, or the problem to say above the button. */
interface Outcome {
  sent?: boolean;
  problem?: string;
}

function SubmitInvoice({ orders, outcome, setOutcome }: { orders: PortalPurchaseOrder[]; outcome: Outcome; setOutcome: (outcome: Outcome) => void }) {
  const text = usePortalText();
  const { t } = text;
  const submit = useSubmitInvoice();
  const currencies = useMemo(() => [...new Set(orders.map((order) => order.currency.code))], [orders]);
  const [chosenCurrency, setCurrency] = useState(currencies[0]!);
  // The orders may change under the form (one invoiced meanwhile): a currency gone falls back to the first.
  const currency = currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0]!;
  const shown = orders.filter((order) => order.currency.code === currency);
  const [chosen, setChosen] = useState<string[]>([]);
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(() => dayOf(new Date()));
  const [total, setTotal] = useState('');
  const [explanation, setExplanation] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const { problem, sent } = outcome;

  const decimals = currencyDecimals(currency);
  const chosenOrders = shown.filter((order) => chosen.includes(order.id));
  const sumOf = (ids: string[]) =>
    sumAmounts(
      shown.filter((order) => ids.includes(order.id)).map((order) => order.total),
      decimals,
    );
  const sum = sumOf(chosen);
  const amount = readAmount(total, decimals);
  const difference = amount !== undefined && chosenOrders.length > 0 ? differenceOf(amount, sum) : '0';
  const differs = difference !== '0';
  const money = (value: string) => formatMoney(text, Number(value), shown[0]!.currency);

  const choose = (ids: string[]) => {
    const kept = ids.filter((id) => shown.some((order) => order.id === id));
    setChosen(kept);
    // The total follows the orders ticked; the person may then write their own.
    setTotal(kept.length > 0 ? sumOf(kept) : '');
    setErrors(({ orders: _orders, total: _total, ...rest }) => rest);
  };

  const check = async (): Promise<Errors> => {
    const found: Errors = {};
    if (chosenOrders.length === 0) found.orders = t('invoices.error.orders');
    if (number.trim() === '') found.number = t('invoices.error.number');
    else if ([...number.trim()].length > LIMITS.text) found.number = t('invoices.error.tooLong', { max: LIMITS.text });
    if (!dayStart(date)) found.date = t('invoices.error.date');
    // With no order ticked there is no total to check yet: the orders' error says what to do first.
    if (amount === undefined && (chosenOrders.length > 0 || total.trim() !== '')) found.total = totalError();
    if (differs && explanation.trim() === '') found.explanation = t('invoices.error.explanation');
    else if (differs && [...explanation.trim()].length > EXPLANATION_MAX) found.explanation = t('invoices.error.tooLong', { max: EXPLANATION_MAX });
    if (!file) found.file = t('invoices.error.file');
    else if (file.size > PDF_MAX_BYTES) found.file = t('invoices.error.tooLarge');
    else if (!(await isPdf(file))) found.file = t('invoices.error.notPdf');
    return found;
  };

  const totalError = () => t('invoices.error.total', { decimals, example: decimals > 0 ? `1234.${'5'.padEnd(decimals, '0')}` : '1234' });

  /** The API's 400 names a field: said there in the reader's language. */
  const fieldErrorsOf = (error: ApiProblem): Errors => {
    const found: Errors = {};
    for (const detail of error.details) {
      const param = detail.param.replace(/\[.*$/, '');
      if (param === 'purchaseOrderIds') found.orders = t('invoices.error.orderTaken');
      else if (param === 'number') found.number = t('invoices.error.number');
      else if (param === 'date') found.date = t('invoices.error.date');
      else if (param === 'total') found.total = totalError();
      else if (param === 'explanation') found.explanation = t('invoices.error.explanation');
      else if (param === 'file') found.file = error.code === 'parameter_missing' ? t('invoices.error.file') : t('invoices.error.notPdf');
    }
    return found;
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setOutcome({});
    const found = await check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !file || amount === undefined) return;
    submit.mutate(
      {
        number: number.trim(),
        date,
        currency,
        total: amount,
        purchaseOrderIds: chosenOrders.map((order) => order.id),
        ...(differs ? { explanation: explanation.trim() } : {}),
        file,
      },
      {
        onSuccess: () => {
          setChosen([]);
          setNumber('');
          setTotal('');
          setExplanation('');
          setFile(null);
          setOutcome({ sent: true });
        },
        onError: (error) => {
          if (error instanceof ApiProblem) {
            if (error.status === 400) {
              const fieldErrors = fieldErrorsOf(error);
              if (Object.keys(fieldErrors).length > 0) return setErrors(fieldErrors);
            }
            if (error.status === 413) return setErrors({ file: t('invoices.error.tooLarge') });
            // An order invoiced, cancelled or withdrawn meanwhile: the list is read again (onSettled).
            if (error.status === 404 || error.status === 409) {
              setChosen([]);
              return setOutcome({ problem: t('invoices.error.orderTaken') });
            }
          }
          setOutcome({ problem: t('problem.generic') });
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="sm">
        {currencies.length > 1 && (
          <NativeSelect
            label={t('invoices.currency')}
            data={currencies}
            value={currency}
            onChange={(event) => {
              setCurrency(event.currentTarget.value);
              setChosen([]);
              setTotal('');
            }}
            classNames={{ input: classes.target }}
          />
        )}
        <Checkbox.Group label={t('invoices.orders')} required value={chosen} onChange={choose} error={errors.orders}>
          <Stack gap={4} component="ul" m={0} mt="xs" p={0} className={classes.list}>
            {shown.map((order) => (
              <li key={order.id} className={classes.checkItem}>
                <Checkbox
                  value={order.id}
                  size="md"
                  classNames={{ label: classes.value }}
                  label={
                    <>
                      <Text span fw={600} display="block">
                        {t('invoices.order', { number: order.number ?? '—' })}
                      </Text>
                      <Text span size="sm" display="block">
                        {order.issueDate ? `${text.formatDate(order.issueDate, { dateStyle: 'medium', timeZone: 'UTC' })} · ` : ''}
                        {formatMoney(text, order.total, order.currency)}
                      </Text>
                    </>
                  }
                />
              </li>
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('invoices.number')}
            required
            value={number}
            error={errors.number}
            maxLength={LIMITS.text}
            onChange={(event) => setNumber(event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
          <TextInput
            type="date"
            label={t('invoices.date')}
            required
            value={date}
            error={errors.date}
            onChange={(event) => setDate(event.currentTarget.value)}
            classNames={{ input: classes.target }}
          />
        </SimpleGrid>
        <TextInput
          label={t('invoices.total')}
          required
          inputMode="decimal"
          value={total}
          error={errors.total}
          description={chosenOrders.length > 0 ? t('invoices.total.sum', { sum: money(sum) }) : undefined}
          rightSection={<Text size="sm">{currency}</Text>}
          rightSectionWidth={52}
          onChange={(event) => setTotal(event.currentTarget.value)}
          classNames={{ input: classes.target }}
        />
        {differs && (
          <Textarea
            label={t('invoices.explanation')}
            description={t('invoices.explanation.hint', { difference: money(difference) })}
            required
            autosize
            minRows={2}
            value={explanation}
            error={errors.explanation}
            maxLength={EXPLANATION_MAX}
            onChange={(event) => setExplanation(event.currentTarget.value)}
          />
        )}
        <FileInput
          label={t('invoices.file')}
          description={t('invoices.file.hint')}
          required
          accept="application/pdf"
          value={file}
          error={errors.file}
          onChange={(value) => {
            setFile(value);
            setErrors(({ file: _file, ...rest }) => rest);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('invoices.file.clear') }}
          classNames={{ input: classes.target }}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="teal.9" role="status">
            {sent ? t('invoices.submitted') : ''}
          </Text>
          <Button type="submit" className={`${classes.target} ${classes.wrapping}`} classNames={{ label: classes.label }} loading={submit.isPending}>
            {t('invoices.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
