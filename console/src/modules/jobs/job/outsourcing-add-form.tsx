import { Alert, Anchor, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { t } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import { formatDateTime, formatNumber } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { rules } from '../new-job/new-job-values';
import { fromLocalInput, toLocalInput } from '../../../shared/formatting/job-format';
import { OutsourcingCandidates } from './outsourcing-candidates';
import { defaultDueDate } from '../../../../../src/core/outsourcing-due-date';
import { amountProblem, formatRate, suggestedPrice, unitCostToSend, type SupplierPrice } from './outsourcing-figures';
import { MODAL_PROPS } from './outsourcing-dialogs';
import { useCreateOutsourcing, useSupplierCandidates, useSupplierPrices, useSupplierSearch, type SupplierCandidates } from './outsourcing-queries';
import { LIMITS } from '../../../shared/api/limits.gen';

// A type (not an interface): showProblem takes a record of the form's values.
type Values = {
  supplier: string;
  unitCost: number | string;
  quantity: number | string;
  /** The value of a date-time input, in the browser's time zone ('' for no deadline). */
  dueDate: string;
};

/**
 * "Add supplier": choose a supplier — the job's candidates first (GET /v2/jobs/:id/supplier-candidates:
 * the language pair or service, their price, rating and availability), then any other searched on
 * the server — see the supplier price the API would take for the job's service, unit and language
 * pair (GET /v2/jobs/:id/supplier-prices), keep it or type another, set when the supplier's work is
 * due (one working day before the job by default), and save (POST /v2/jobs/:id/outsourcing).
 */
export function OutsourcingAddForm({ job, opened, onClose, onAdded }: { job: Job; opened: boolean; onClose: () => void; onAdded: (supplier: string) => void }) {
  // A phone's width: the whole screen, so that the candidates' table has room.
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal {...MODAL_PROPS} opened={opened} onClose={onClose} title={t('outsourcing.add.title')} size="xl" fullScreen={narrow}>
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
  const candidates = useSupplierCandidates(job.id);
  const prices = useSupplierPrices(job.id, chosen?.id ?? null);
  const suggested = suggestedPrice(prices.data);
  const create = useCreateOutsourcing(job);
  const currency = job.currency.code;
  const unit = job.quantityType.name;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      supplier: '',
      unitCost: '',
      quantity: '',
      dueDate: toLocalInput(defaultDueDate(job.dueDate ?? null, job.startDate ?? null, new Date().toISOString())),
    },
    validate: {
      supplier: (value) => (value ? null : t('outsourcing.required.supplier')),
      unitCost: (value) => amountProblem(value, false),
      quantity: (value) => amountProblem(value, false),
      dueDate: rules.dateTime,
    },
  });

  // The suggestion is the price until the user types one of their own (then the typed one is kept).
  const [priceTyped, setPriceTyped] = useState(false);
  const price = priceTyped ? form.values.unitCost : (suggested?.unitCost ?? '');

  // Until the server answers what is typed, the options it answered before are narrowed by name.
  const fresh = !suppliers.isPlaceholderData && debounced.trim() === search.trim();
  const options = supplierOptions(candidates.data, suppliers.data?.items ?? [], search, fresh, chosen);
  const choose = (supplier: { id: string; name: string }) => {
    form.setFieldValue('supplier', supplier.id);
    setChosen(supplier);
    setSearch(supplier.name);
    // A new supplier: its own suggestion replaces the price.
    setPriceTyped(false);
  };

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const unitCost = unitCostToSend(priceTyped ? values.unitCost : '', suggested);
      await create.mutateAsync({
        supplier: values.supplier,
        ...(unitCost !== undefined ? { unitCost } : {}),
        ...(values.quantity !== '' ? { quantity: Number(values.quantity) } : {}),
        // Always sent: an empty field is no deadline, not the API's default.
        dueDate: fromLocalInput(values.dueDate) ?? null,
      });
      onAdded(chosen?.name ?? '');
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <OutsourcingCandidates
          job={job}
          candidates={candidates.data}
          loading={candidates.isLoading}
          chosen={chosen?.id ?? null}
          onChoose={(candidate) => choose(candidate.supplier)}
        />
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
            if (value) return choose({ id: value, name: option?.label ?? value });
            form.setFieldValue('supplier', '');
            setChosen(null);
            setPriceTyped(false);
          }}
          error={form.errors.supplier}
          comboboxProps={{ withinPortal: true }}
        />
        <Suggestion loading={chosen !== null && prices.isLoading} suggested={chosen ? suggested : undefined} currency={currency} unit={unit} />
        <NumberInput
          label={t('outsourcing.field.unitCost', { unit, currency })}
          min={0}
          max={LIMITS.amount}
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
          max={LIMITS.amount}
          decimalScale={6}
          allowNegative={false}
          hideControls
          {...form.getInputProps('quantity')}
        />
        <TextInput
          type="datetime-local"
          label={t('outsourcing.field.dueDate')}
          description={job.dueDate ? t('outsourcing.field.dueDateHint', { due: formatDateTime(job.dueDate) }) : t('outsourcing.field.dueDateNoJobDue')}
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

type Option = { value: string; label: string };

/**
 * The supplier field's options: the job's candidates first (those the search found, in the API's
 * order; all of them before anything is typed), then the other suppliers the search found; the
 * chosen one always among them. Each supplier once (Mantine refuses a value twice). While the
 * search's answer is not `fresh`, a supplier is found when its name holds what is typed.
 */
function supplierOptions(
  candidates: SupplierCandidates | undefined,
  answered: ReadonlyArray<{ id: string; name: string }>,
  search: string,
  fresh: boolean,
  chosen: { id: string; name: string } | null,
): Array<{ group: string; items: Option[] }> {
  const typed = search.trim().toLocaleLowerCase();
  const byName = (name: string) => name.toLocaleLowerCase().includes(typed);
  const found = typed === '' || fresh ? answered : answered.filter((item) => byName(item.name));
  const foundIds = new Set(found.map((item) => item.id));
  const first: Option[] = (candidates?.items ?? [])
    .filter((item) => typed === '' || foundIds.has(item.supplier.id) || byName(item.supplier.name))
    .map((item) => ({ value: item.supplier.id, label: item.supplier.name }));
  const taken = new Set(first.map((option) => option.value));
  const others: Option[] = found.filter((item) => !taken.has(item.id)).map((item) => ({ value: item.id, label: item.name }));
  if (chosen && !taken.has(chosen.id) && !foundIds.has(chosen.id)) others.unshift({ value: chosen.id, label: chosen.name });
  return [
    { group: t('outsourcing.field.supplierGroup.candidates'), items: first },
    { group: t('outsourcing.field.supplierGroup.others'), items: others },
  ].filter((group) => group.items.length > 0);
}
