import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { t, tCount } from '../../../shared/i18n';
import { showProblem } from '../../../shared/ui/form-errors';
import { formatNumber } from '../../../shared/formatting/format';
import type { Job } from '../../../shared/api/job-query';
import { fromLocalInput, toLocalInput } from '../../../shared/formatting/job-format';
import { LIMITS } from '../../../shared/api/limits.gen';
import { defaultDueDate } from '../../../../../src/core/outsourcing-due-date';
import { rules } from '../new-job/new-job-values';
import { OutsourcingCandidates } from './outsourcing-candidates';
import { MODAL_PROPS } from './outsourcing-dialogs';
import { amountProblem } from './outsourcing-figures';
import { useSupplierCandidates, useSupplierSearch, type SupplierCandidates } from './outsourcing-queries';
import { useCreateOfferRound } from './offer-round-queries';

/** At most this many suppliers in a round (the API's ROUND_SUPPLIERS_MAX). */
export const ROUND_SUPPLIERS_MAX = 20;
const HOUR = 60 * 60 * 1000;

// A type (not an interface): showProblem takes a record of the form's values.
type Values = {
  suppliers: string[];
  /** Date-time inputs' values, in the browser's time zone. */
  expiresAt: string;
  award: 'first' | 'choose';
  quantity: number | string;
  dueDate: string;
};

/**
 * "Offer to several suppliers" (docs/console.md#the-job-page, docs/supplier-portal.md#offer-rounds):
 * the suppliers (the job's candidates first, with their price; any other searched), when the
 * offers expire (24 hours from now by default), who gets the work (the first to accept, or the
 * project manager's choice), and the quantity and due date of the work as "Add supplier" has them;
 * POST /v2/jobs/:id/outsourcing/offers. The API's 400s are shown at their fields, its 409 (a
 * supplier nobody of whom can open the portal) above the buttons.
 */
export function OfferRoundDialog({ job, opened, onClose, onCreated }: { job: Job; opened: boolean; onClose: () => void; onCreated: (count: number) => void }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal {...MODAL_PROPS} opened={opened} onClose={onClose} title={t('offerRounds.dialog.title')} size="xl" fullScreen={narrow}>
      {opened && <RoundForm job={job} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function RoundForm({ job, onClose, onCreated }: { job: Job; onClose: () => void; onCreated: (count: number) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  /** The names of the suppliers chosen (the options must keep them while a search shows others). */
  const [names, setNames] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const candidates = useSupplierCandidates(job.id);
  const found = useSupplierSearch(debounced);
  const create = useCreateOfferRound(job);
  const unit = job.quantityType.name;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      suppliers: [],
      expiresAt: toLocalInput(new Date(Date.now() + 24 * HOUR).toISOString()),
      award: 'first',
      quantity: '',
      dueDate: toLocalInput(defaultDueDate(job.dueDate ?? null, job.startDate ?? null, new Date().toISOString())),
    },
    validate: {
      suppliers: (value) =>
        value.length === 0
          ? t('offerRounds.rule.suppliers')
          : value.length > ROUND_SUPPLIERS_MAX
            ? t('offerRounds.rule.suppliersMax', { max: ROUND_SUPPLIERS_MAX })
            : null,
      expiresAt: (value) => {
        const iso = fromLocalInput(value);
        if (!iso) return t('offerRounds.rule.expiresAt');
        return Date.parse(iso) <= Date.now() ? t('offerRounds.rule.expiresAtPast') : null;
      },
      quantity: (value) => amountProblem(value, false),
      dueDate: rules.dateTime,
    },
  });

  const chosen = form.values.suppliers;
  const toggle = (id: string, name: string) => {
    setNames((all) => ({ ...all, [id]: name }));
    form.setFieldValue('suppliers', chosen.includes(id) ? chosen.filter((one) => one !== id) : [...chosen, id]);
  };
  const options = supplierOptions(candidates.data, found.data?.items ?? [], search, chosen, names);
  const noPrice = (candidates.data?.items ?? []).filter((item) => chosen.includes(item.supplier.id) && item.price === null).map((item) => item.supplier.name);

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      await create.mutateAsync({
        suppliers: values.suppliers,
        expiresAt: fromLocalInput(values.expiresAt)!,
        award: values.award,
        ...(values.quantity !== '' ? { quantity: Number(values.quantity) } : {}),
        // Always sent: an empty field is no deadline, not the API's default.
        dueDate: fromLocalInput(values.dueDate) ?? null,
      });
      onCreated(values.suppliers.length);
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('offerRounds.dialog.intro')}</Text>
        <OutsourcingCandidates
          job={job}
          candidates={candidates.data}
          loading={candidates.isLoading}
          chosen={chosen}
          onChoose={(candidate) => toggle(candidate.supplier.id, candidate.supplier.name)}
        />
        <MultiSelect
          label={t('offerRounds.field.suppliers')}
          description={t('offerRounds.field.suppliersHint', { max: ROUND_SUPPLIERS_MAX })}
          placeholder={t('offerRounds.field.suppliersPlaceholder')}
          required
          searchable
          data-autofocus
          searchValue={search}
          onSearchChange={setSearch}
          // The server filters (name, e-mail, city…): every option it answered is shown.
          filter={({ options: all }) => all}
          data={options}
          maxValues={ROUND_SUPPLIERS_MAX}
          nothingFoundMessage={found.isFetching ? t('state.loading') : t('offerRounds.field.suppliersNothing')}
          value={chosen}
          onChange={(value) => {
            const labels = Object.fromEntries(options.flatMap((group) => group.items).map((option) => [option.value, option.label]));
            setNames((all) => ({ ...labels, ...all }));
            form.setFieldValue('suppliers', value);
          }}
          error={form.errors.suppliers}
          comboboxProps={{ withinPortal: true }}
        />
        {noPrice.length > 0 && (
          <Text size="sm" role="status">
            {t('offerRounds.noPrice', { suppliers: noPrice.join(', ') })}
          </Text>
        )}
        <TextInput
          type="datetime-local"
          label={t('offerRounds.field.expiresAt')}
          description={t('offerRounds.field.expiresAtHint')}
          required
          {...form.getInputProps('expiresAt')}
        />
        <Radio.Group label={t('offerRounds.field.award')} required {...form.getInputProps('award')}>
          <Group gap="lg" mt={4}>
            <Radio value="first" label={t('offerRounds.field.award.first')} />
            <Radio value="choose" label={t('offerRounds.field.award.choose')} />
          </Group>
        </Radio.Group>
        <NumberInput
          label={t('offerRounds.field.quantity', { unit })}
          description={t('offerRounds.field.quantityHint', { value: formatNumber(job.quantity.value, 6) })}
          min={0}
          max={LIMITS.amount}
          decimalScale={6}
          allowNegative={false}
          hideControls
          {...form.getInputProps('quantity')}
        />
        <TextInput type="datetime-local" label={t('offerRounds.field.dueDate')} {...form.getInputProps('dueDate')} />
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
            {t('offerRounds.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Option = { value: string; label: string };

/**
 * The suppliers field's options: the job's candidates first (those whose name holds what is
 * typed), then the other suppliers the search
 * found, then the chosen ones neither shows now (a chosen value must stay among the options).
 * Each supplier once.
 */
function supplierOptions(
  candidates: SupplierCandidates | undefined,
  found: ReadonlyArray<{ id: string; name: string }>,
  search: string,
  chosen: readonly string[],
  names: Record<string, string>,
): Array<{ group: string; items: Option[] }> {
  const typed = search.trim().toLocaleLowerCase();
  const first: Option[] = (candidates?.items ?? [])
    .filter((item) => typed === '' || chosen.includes(item.supplier.id) || item.supplier.name.toLocaleLowerCase().includes(typed))
    .map((item) => ({ value: item.supplier.id, label: item.supplier.name }));
  const taken = new Set(first.map((option) => option.value));
  const others: Option[] = found.filter((item) => !taken.has(item.id)).map((item) => ({ value: item.id, label: item.name }));
  for (const option of others) taken.add(option.value);
  for (const id of chosen) if (!taken.has(id)) others.push({ value: id, label: names[id] ?? id });
  return [
    { group: t('offerRounds.field.suppliersGroup.candidates'), items: first },
    { group: t('offerRounds.field.suppliersGroup.others'), items: others },
  ].filter((group) => group.items.length > 0);
}

/** The success message of a round. */
export const createdMessage = (count: number) => tCount('offerRounds.created', count);
