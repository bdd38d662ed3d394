import { Alert, Anchor, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { t } from '../../../i18n';
import { showProblem } from '../../../ui/form-errors';
import { formatNumber } from '../../../ui/format';
import type { Job } from '../job-query';
import { amountProblem, formatRate, suggestedPrice, unitCostToSend, type SupplierPrice } from './outsourcing-figures';
import { MODAL_PROPS } from './outsourcing-dialogs';
import { useCreateOutsourcing, useSupplierPrices, useSupplierSearch } from './outsourcing-queries';

// A type (not an interface): showProblem takes a record of the form's values.
type Values = {
  supplier: string;
  unitCost: number | string;
  quantity: number | string;
};

/**
 * "Add supplier": choose a supplier (searched on the server), see the supplier price the API
 * would take for the job's service, unit and language pair (GET /v2/jobs/:id/supplier-prices),
 * keep it or type another, and save (POST /v2/jobs/:id/outsourcing).
 */
export function OutsourcingAddForm({ job, opened, onClose, onAdded }: { job: Job; opened: boolean; onClose: () => void; onAdded: (supplier: string) => void }) {
  return (
    <Modal {...MODAL_PROPS} opened={opened} onClose={onClose} title={t('outsourcing.add.title')} size="lg">
      {/* Mounted only while open: every opening starts from an empty form. */}
      {opened && <AddForm job={job} onClose={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

function AddForm({ job, onClose, onAdded }: { job: Job; onClose: () => void; onAdded: (supplier: string) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string>();
  const suppliers = useSupplierSearch(debounced);
  const prices = useSupplierPrices(job.id, chosen?.id ?? null);
  const suggested = suggestedPrice(prices.data);
  const create = useCreateOutsourcing(job);
  const currency = job.currency.code;
  const unit = job.quantityType.name;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { supplier: '', unitCost: '', quantity: '' },
    validate: {
      supplier: (value) => (value ? null : t('outsourcing.required.supplier')),
      unitCost: (value) => amountProblem(value, false),
      quantity: (value) => amountProblem(value, false),
    },
  });

  // The suggestion is the price until the user types one of their own (then the typed one is kept).
  const [priceTyped, setPriceTyped] = useState(false);
  const price = priceTyped ? form.values.unitCost : (suggested?.unitCost ?? '');

  const options = (suppliers.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }));
  if (chosen && !options.some((option) => option.value === chosen.id)) options.unshift({ value: chosen.id, label: chosen.name });

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const unitCost = unitCostToSend(priceTyped ? values.unitCost : '', suggested);
      await create.mutateAsync({
        supplier: values.supplier,
        ...(unitCost !== undefined ? { unitCost } : {}),
        ...(values.quantity !== '' ? { quantity: Number(values.quantity) } : {}),
      });
      onAdded(chosen?.name ?? '');
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('outsourcing.field.supplier')}
          placeholder={t('outsourcing.field.supplierPlaceholder')}
          required
          searchable
          data-autofocus
          searchValue={search}
          onSearchChange={setSearch}
          // The server filters (name, e-mail, city…): every option it answered is shown.
          filter={({ options: all }) => all}
          data={options}
          nothingFoundMessage={suppliers.isFetching ? t('state.loading') : t('outsourcing.field.supplierNothing')}
          value={form.values.supplier || null}
          onChange={(value, option) => {
            form.setFieldValue('supplier', value ?? '');
            setChosen(value ? { id: value, name: option?.label ?? value } : null);
            // A new supplier: its own suggestion replaces the price.
            setPriceTyped(false);
          }}
          error={form.errors.supplier}
          comboboxProps={{ withinPortal: true }}
        />
        <Suggestion loading={chosen !== null && prices.isLoading} suggested={chosen ? suggested : undefined} currency={currency} unit={unit} />
        <NumberInput
          label={t('outsourcing.field.unitCost', { unit, currency })}
          min={0}
          max={1e12}
          decimalScale={6}
          allowNegative={false}
          hideControls
          {...form.getInputProps('unitCost')}
          value={price}
          onChange={(value: number | string) => {
            setPriceTyped(true);
            form.setFieldValue('unitCost', value);
          }}
        />
        {suggested && priceTyped && Number(form.values.unitCost) !== suggested.unitCost && (
          <Anchor component="button" type="button" size="sm" onClick={() => setPriceTyped(false)} ta="left">
            {t('outsourcing.suggested.useIt')}
          </Anchor>
        )}
        <NumberInput
          label={t('outsourcing.field.quantity', { unit })}
          description={t('outsourcing.field.quantityHint', { value: formatNumber(job.quantity.value, 6) })}
          min={0}
          max={1e12}
          decimalScale={6}
          allowNegative={false}
          hideControls
          {...form.getInputProps('quantity')}
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
          <Button type="submit" loading={create.isPending}>
            {t('outsourcing.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Suggestion({ loading, suggested, currency, unit }: { loading: boolean; suggested: SupplierPrice | null | undefined; currency: string; unit: string }) {
  if (loading)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('outsourcing.suggested.loading')}
      </Text>
    );
  if (suggested === undefined) return null;
  return (
    <Text size="sm" role="status">
      {suggested === null
        ? t('outsourcing.suggested.none')
        : t('outsourcing.suggested', {
            price: formatRate(suggested.unitCost, suggested.currency.code || currency),
            unit,
            source: suggested.type === 'supplier' ? t('outsourcing.suggested.supplier') : t('outsourcing.suggested.account'),
          })}
    </Text>
  );
}
