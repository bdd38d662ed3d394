import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t, tCount } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { formatDate, formatPercent } from '../../shared/formatting/format';
import { isEditable } from './document-logic';
import type { AnyDocument, DocumentKind, MatchDisplay } from './kinds';
import { accountTaxesQuery, useUpdateDocument } from './queries';
import { DateField } from '../../shared/ui/date-field';
import { LIMITS } from '../../shared/api/limits.gen';

type DetailValues = {
  issueDate: string;
  dueDate: string;
  validityDate: string;
  paymentTerms: number | string;
  currency: string;
  discount: number | string;
  tax1: string | null;
  tax2: string | null;
  applyVATReverseCharge: boolean;
  terms: string;
  purchaseOrder: string;
  /** '' is the client's setting (the API's null). */
  matchDisplay: MatchDisplay | '';
};

/** How job lines show their matches on the PDF ('': the client's setting). */
const MATCH_DISPLAYS = ['', 'none', 'breakdown', 'hiddenMatches'] as const;

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function valuesOf(document: AnyDocument): DetailValues {
  return {
    issueDate: day(document.issueDate),
    dueDate: day(document.dueDate),
    validityDate: day(document.validityDate),
    paymentTerms: document.paymentTerms,
    currency: document.currency.code,
    // A percentage in the form; the API's fraction when sent.
    discount: Number((document.discount * 100).toFixed(4)),
    tax1: document.tax1?.id ?? null,
    tax2: document.tax2?.id ?? null,
    applyVATReverseCharge: document.applyVATReverseCharge,
    terms: document.terms ?? '',
    purchaseOrder: document.purchaseOrder ?? '',
    matchDisplay: document.matchDisplay ?? '',
  };
}

/** The API's parameters of the form's values (the schema's names; empty dates clear them). */
function bodyOf(kind: DocumentKind, values: DetailValues, document: AnyDocument): Record<string, unknown> {
  const body: Record<string, unknown> = {
    issueDate: values.issueDate || null,
    paymentTerms: Number(values.paymentTerms),
    currency: values.currency.trim().toUpperCase(),
    discount: Number((Number(values.discount) / 100).toFixed(6)),
    tax1: values.tax1,
    tax2: values.tax2,
    applyVATReverseCharge: values.applyVATReverseCharge,
    terms: values.terms.trim() === '' ? null : values.terms,
  };
  // The due date follows the issue date and terms unless set by hand (invoices: docs/documents.md#rules).
  if (values.dueDate !== day(document.dueDate) || !kind.hasPayments) body.dueDate = values.dueDate || null;
  if (kind.hasValidityDate) body.validityDate = values.validityDate || null;
  if (kind.party === 'client') {
    body.purchaseOrder = values.purchaseOrder.trim() === '' ? null : values.purchaseOrder.trim();
    body.matchDisplay = values.matchDisplay === '' ? null : values.matchDisplay;
  }
  return body;
}

/** Dates, terms, currency, discount and taxes: a form while draft (and for roles that write), read-only after. */
export function DocumentDetails({ kind, document, canWrite }: { kind: DocumentKind; document: AnyDocument; canWrite: boolean }) {
  const headingId = `document-details-${document.id}`;
  const editable = canWrite && isEditable(document);
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('documents.details.title')}
        </Title>
        {editable ? <DetailsForm kind={kind} document={document} /> : <DetailsView kind={kind} document={document} />}
      </Stack>
    </section>
  );
}

function DetailsView({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const items: Array<[string, string]> = [
    [t('documents.column.issueDate'), formatDate(document.issueDate)],
    [t('documents.column.dueDate'), formatDate(document.dueDate)],
  ];
  if (kind.hasValidityDate) items.push([t('documents.column.validUntil'), formatDate(document.validityDate)]);
  items.push(
    [t('documents.details.paymentTerms'), tCount('documents.details.days', document.paymentTerms)],
    [t('documents.details.currency'), document.currency.code],
    [t('documents.details.discount'), formatPercent(document.discount)],
    [t('documents.details.reverseCharge'), document.applyVATReverseCharge ? t('documents.yes') : t('documents.no')],
  );
  if (kind.hasPayments && document.paymentDate) items.push([t('documents.details.paymentDate'), formatDate(document.paymentDate)]);
  if (kind.party === 'client') {
    items.push(
      [t('documents.details.purchaseOrder'), document.purchaseOrder || '—'],
      [t('documents.details.matchDisplay'), t(`documents.matchDisplay.${document.matchDisplay ?? 'client'}`)],
    );
  }
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0} spacing="sm">
        {items.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('documents.details.terms')}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{document.terms ?? '—'}</Text>
    </Stack>
  );
}

function DetailsForm({ kind, document }: { kind: DocumentKind; document: AnyDocument }) {
  const update = useUpdateDocument(kind, document.id);
  const taxes = useQuery(accountTaxesQuery);
  const [message, setMessage] = useState<string>();
  const [saved, setSaved] = useState(false);
  const form = useForm<DetailValues>({
    initialValues: valuesOf(document),
    validate: {
      paymentTerms: (value) =>
        typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > LIMITS.paymentTerms
          ? t('documents.details.termsRange', { max: LIMITS.paymentTerms })
          : null,
      discount: (value) => (typeof value !== 'number' || value < 0 || value > 100 ? t('documents.details.discountRange') : null),
      currency: (value) => (/^[A-Za-z]{3}$/.test(value.trim()) ? null : t('documents.details.currencyCode')),
      terms: (value) => (value.length > LIMITS.terms ? t('documents.details.termsTooLong') : null),
    },
  });
  // Another change (a line added, a send elsewhere) answers a new document: the form follows it.
  useEffect(() => {
    form.setValues(valuesOf(document));
    form.resetDirty(valuesOf(document));
  }, [document.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const taxOptions = (taxes.data ?? []).map((tax) => ({ value: tax.id, label: `${tax.name} (${formatPercent(tax.value)})` }));
  const submit = form.onSubmit((values) => {
    setMessage(undefined);
    setSaved(false);
    update.mutate(bodyOf(kind, values, document), {
      onSuccess: () => setSaved(true),
      onError: (error) => setMessage(showProblem(form, error)),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('documents.details.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField label={t('documents.column.issueDate')} {...form.getInputProps('issueDate')} />
          <DateField
            label={t('documents.column.dueDate')}
            description={kind.hasPayments ? t('documents.details.dueHint') : undefined}
            {...form.getInputProps('dueDate')}
          />
          {kind.hasValidityDate && <DateField label={t('documents.column.validUntil')} {...form.getInputProps('validityDate')} />}
          <NumberInput
            label={t('documents.details.paymentTerms')}
            suffix={` ${t('documents.details.daysUnit')}`}
            min={0}
            max={LIMITS.paymentTerms}
            allowDecimal={false}
            {...form.getInputProps('paymentTerms')}
          />
          <TextInput label={t('documents.details.currency')} maxLength={3} {...form.getInputProps('currency')} />
          <NumberInput label={t('documents.details.discount')} suffix=" %" min={0} max={100} decimalScale={4} {...form.getInputProps('discount')} />
          <Select label={t('documents.details.tax1')} data={taxOptions} clearable comboboxProps={{ withinPortal: true }} {...form.getInputProps('tax1')} />
          <Select label={t('documents.details.tax2')} data={taxOptions} clearable comboboxProps={{ withinPortal: true }} {...form.getInputProps('tax2')} />
          {kind.party === 'client' && (
            <>
              <TextInput label={t('documents.details.purchaseOrder')} maxLength={LIMITS.text} {...form.getInputProps('purchaseOrder')} />
              <Select
                label={t('documents.details.matchDisplay')}
                data={MATCH_DISPLAYS.map((value) => ({ value, label: t(`documents.matchDisplay.${value || 'client'}`) }))}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('matchDisplay')}
              />
            </>
          )}
        </SimpleGrid>
        <Checkbox label={t('documents.details.reverseCharge')} {...form.getInputProps('applyVATReverseCharge', { type: 'checkbox' })} />
        <Textarea label={t('documents.details.terms')} autosize minRows={2} maxRows={8} {...form.getInputProps('terms')} />
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('action.save')}
          </Button>
          {saved && !form.isDirty() && (
            <Text size="sm" role="status">
              {t('state.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
