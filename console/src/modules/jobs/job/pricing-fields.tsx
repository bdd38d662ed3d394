import { NumberInput, Select, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import type { Body } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';
import { formatMoney, formatPercent } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { rules } from '../new-job/new-job-values';
import { CURRENCIES } from '../../../shared/api/choices';
import { InlineField } from '../../../shared/ui/inline-field';
import { formatRate, fromPercent, toPercent } from '../../../shared/formatting/job-format';
import { useUpdateJobPrice } from './job-mutations';

type PriceBody = Body<'updateJobPrice'>;

/** A percentage field's rule: the API's range of the fraction (discount −1..1, extra charge 0..10), in percent. */
const percentRange = (min: number, max: number) => (value: number | string) => {
  if (value === '' || typeof value !== 'number' || !Number.isFinite(value)) return t('job.rule.required');
  if (value < min) return t('job.rule.min', { min: `${min} %` });
  if (value > max) return t('job.rule.max', { max: `${max} %` });
  return null;
};

/**
 * The job's pricing (`PUT /v2/jobs/:id/price`, docs/jobs.md#the-price-endpoint), edited in place:
 * unit cost, discount, extra charge, fixed price, currency, and the switches of the minimum fee,
 * non-billable and time-based invoicing.
 */
export function PricingFields({ job, canEdit }: { job: Job; canEdit: boolean }) {
  const update = useUpdateJobPrice(job.id);
  const save = (body: PriceBody) => update.mutateAsync(body);
  const currency = job.currency.code;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('job.pricing.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <InlineField<number | string>
          canEdit={canEdit}
          label={t('job.pricing.unitCost')}
          param="unitCost"
          display={formatRate(job.quantity.unitCost, currency)}
          initial={() => job.quantity.unitCost}
          validate={(value) => rules.amount(value, true)}
          save={(unitCost) => save({ unitCost: Number(unitCost) })}
          editor={(props) => <NumberInput {...props} min={0} decimalScale={6} prefix={`${job.currency.symbol} `} />}
        />
        <InlineField<number | string>
          canEdit={canEdit}
          label={t('job.pricing.discount')}
          param="discount"
          display={formatPercent(job.discount)}
          initial={() => toPercent(job.discount)}
          validate={percentRange(-100, 100)}
          save={(percent) => save({ discount: fromPercent(Number(percent)) })}
          editor={(props) => <NumberInput {...props} min={-100} max={100} decimalScale={4} suffix=" %" />}
        />
        <InlineField<number | string>
          canEdit={canEdit}
          label={t('job.pricing.extraCharge')}
          param="extraCharge"
          display={formatPercent(job.extraCharge.percentage)}
          initial={() => toPercent(job.extraCharge.percentage)}
          validate={percentRange(0, 1000)}
          save={(percent) => save({ extraCharge: fromPercent(Number(percent)) })}
          editor={(props) => <NumberInput {...props} min={0} max={1000} decimalScale={4} suffix=" %" />}
        />
        <InlineField<number | string>
          canEdit={canEdit}
          label={t('job.pricing.fixedPrice')}
          param="fixedPrice"
          display={job.fixedPrice.amount === null ? '' : formatMoney(job.fixedPrice.amount, currency)}
          initial={() => job.fixedPrice.amount ?? ''}
          validate={(value) => rules.amount(value, false)}
          save={(amount) => save({ fixedPrice: amount === '' ? null : Number(amount) })}
          editor={(props) => <NumberInput {...props} description={t('job.pricing.fixedPrice.hint')} min={0} decimalScale={2} thousandSeparator="," />}
        />
        <InlineField<string | null>
          canEdit={canEdit}
          label={t('job.pricing.currency')}
          param="currency"
          display={job.currency.code}
          initial={() => job.currency.code}
          validate={rules.required}
          save={(code) => save({ currency: code ?? undefined })}
          editor={(props) => <Select {...props} description={t('job.pricing.currency.hint')} data={CURRENCIES as string[]} searchable />}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <PriceSwitch job={job} canEdit={canEdit} param="applyMinimumFee" label={t('job.pricing.applyMinimumFee')} />
        <PriceSwitch job={job} canEdit={canEdit} param="nonBillable" label={t('job.pricing.nonBillable')} />
        <PriceSwitch job={job} canEdit={canEdit} param="timeBasedInvoice" label={t('job.pricing.timeBasedInvoice')} />
      </SimpleGrid>
    </Stack>
  );
}

/** A yes/no of the pricing, saved as soon as it is switched. */
function PriceSwitch({
  job,
  canEdit,
  param,
  label,
}: {
  job: Job;
  canEdit: boolean;
  param: 'applyMinimumFee' | 'nonBillable' | 'timeBasedInvoice';
  label: string;
}) {
  const update = useUpdateJobPrice(job.id);
  const [error, setError] = useState<string>();
  return (
    <Switch
      label={label}
      checked={job[param]}
      disabled={!canEdit || update.isPending}
      error={error}
      onChange={(event) => {
        setError(undefined);
        update.mutate({ [param]: event.currentTarget.checked }, { onError: (problem) => setError(problem.message) });
      }}
    />
  );
}
