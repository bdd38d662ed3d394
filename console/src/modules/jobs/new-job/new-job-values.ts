import type { Body, Query } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { fromLocalInput } from '../../../shared/formatting/job-format';
import { formatNumber } from '../../../shared/formatting/format';
import { LIMITS } from '../../../shared/api/limits.gen';

/**
 * The new-job form's values, its rules (those of `POST /v2/jobs`, docs/jobs.md#creation: the
 * required parameters, the 255-character texts, quantity and fixed price from 0 to 10¹²), and the
 * request bodies made of them (pure, tested in test/console/jobs/new-job-values.test.ts).
 */
// A type, not an interface: Mantine's form helpers take it as a record of values.
export type NewJobValues = {
  name: string;
  client: string | null;
  service: string | null;
  languagePair: string | null;
  quantityType: string | null;
  quantity: number | string;
  dueDate: string;
  startDate: string;
  projectManager: string | null;
  domain: string | null;
  currency: string | null;
  fixedPrice: number | string;
  externalReference: string;
  purchaseOrder: string;
  additionalInfo: string;
  nonBillable: boolean;
  timeBasedInvoice: boolean;
};

export const EMPTY_NEW_JOB: NewJobValues = {
  name: '',
  client: null,
  service: null,
  languagePair: null,
  quantityType: null,
  quantity: '',
  dueDate: '',
  startDate: '',
  projectManager: null,
  domain: null,
  currency: null,
  fixedPrice: '',
  externalReference: '',
  purchaseOrder: '',
  additionalInfo: '',
  nonBillable: false,
  timeBasedInvoice: false,
};

/** The API's limits (src/core/schemas.ts: Text, Amount). */
export const TEXT_MAX = LIMITS.text;
export const AMOUNT_MAX = LIMITS.amount;

const isNumber = (value: number | string): value is number => typeof value === 'number' && Number.isFinite(value);

export const rules = {
  requiredText: (value: string) => (value.trim() === '' ? t('job.rule.required') : value.length > TEXT_MAX ? t('job.rule.tooLong', { max: TEXT_MAX }) : null),
  optionalText: (value: string) => (value.length > TEXT_MAX ? t('job.rule.tooLong', { max: TEXT_MAX }) : null),
  required: (value: string | null) => (value ? null : t('job.rule.required')),
  /** A quantity or an amount: a number from 0 to 10¹². */
  amount: (value: number | string, required: boolean) => {
    if (value === '' || value === null || value === undefined) return required ? t('job.rule.required') : null;
    if (!isNumber(value)) return t('job.rule.number');
    if (value < 0) return t('job.rule.min', { min: 0 });
    if (value > AMOUNT_MAX) return t('job.rule.max', { max: formatNumber(LIMITS.amount) });
    return null;
  },
  dateTime: (value: string) => (fromLocalInput(value) === undefined ? t('job.rule.date') : null),
};

/** Field errors of the values, by field (Mantine's `validate`). */
export const validateNewJob = {
  name: rules.requiredText,
  client: rules.required,
  service: rules.required,
  quantityType: rules.required,
  quantity: (value: number | string) => rules.amount(value, true),
  fixedPrice: (value: number | string) => rules.amount(value, false),
  dueDate: rules.dateTime,
  startDate: rules.dateTime,
  externalReference: rules.optionalText,
  purchaseOrder: rules.optionalText,
  additionalInfo: rules.optionalText,
};

/** The body of `POST /v2/jobs`: unset optional fields are left out (the API's defaults apply). */
export function createBody(values: NewJobValues): Body<'createJob'> {
  const optional = (value: string | null) => (value === null || value === '' ? undefined : value);
  return {
    name: values.name.trim(),
    client: values.client ?? '',
    service: values.service ?? '',
    quantityType: values.quantityType ?? '',
    quantity: Number(values.quantity),
    languagePair: optional(values.languagePair),
    domain: optional(values.domain),
    projectManager: optional(values.projectManager),
    currency: optional(values.currency),
    fixedPrice: isNumber(values.fixedPrice) ? values.fixedPrice : undefined,
    dueDate: fromLocalInput(values.dueDate) ?? undefined,
    startDate: fromLocalInput(values.startDate) ?? undefined,
    externalReference: optional(values.externalReference.trim()),
    purchaseOrder: optional(values.purchaseOrder.trim()),
    additionalInfo: optional(values.additionalInfo.trim()),
    nonBillable: values.nonBillable || undefined,
    timeBasedInvoice: values.timeBasedInvoice || undefined,
  };
}

/**
 * The query of `GET /v2/jobs/price-preview` for the values, or undefined while what the price
 * depends on is missing or not valid yet (a client, a service, a unit, a quantity).
 */
export function previewQuery(values: NewJobValues): Query<'getJobPricePreview'> | undefined {
  if (!values.client || !values.service || !values.quantityType) return undefined;
  if (rules.amount(values.quantity, true) !== null || rules.amount(values.fixedPrice, false) !== null) return undefined;
  return {
    client: values.client,
    service: values.service,
    quantityType: values.quantityType,
    quantity: Number(values.quantity),
    ...(values.languagePair ? { languagePair: values.languagePair } : {}),
    ...(values.domain ? { domain: values.domain } : {}),
    ...(values.currency ? { currency: values.currency } : {}),
    ...(isNumber(values.fixedPrice) ? { fixedPrice: values.fixedPrice } : {}),
    ...(values.nonBillable ? { nonBillable: true } : {}),
    ...(values.timeBasedInvoice ? { timeBasedInvoice: true } : {}),
  };
}
