import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { ClientSelect } from '../../shared/ui/client-select';
import type { PriceChoices } from './price-choices';
import type { OwnerConfig } from './price-owners';
import { explainPriceProblem } from './price-problem';
import type { Price, PriceWrites } from './price-queries';
import { EMPTY_PRICE, newPriceBody, validateNewPrice, type NewPriceValues } from './price-values';

/**
 * "Add a price": the parameters of the family's create (docs/prices.md: service, unit, currency,
 * unit cost and how rates are counted required; languages, domain, client restriction optional),
 * checked as the API checks them; the API's refusals land on their fields, a duplicate is explained.
 */
export function NewPriceModal({
  opened,
  onClose,
  onCreated,
  owner,
  choices,
  writes,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (price: Price) => void;
  owner: OwnerConfig;
  choices: PriceChoices;
  writes: PriceWrites;
  /** The currency offered first (the client's or supplier's). */
  currency?: string;
}) {
  const [problem, setProblem] = useState<string>();
  const form = useForm<NewPriceValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_PRICE, currency: currency ?? null },
    validate: validateNewPrice,
    validateInputOnBlur: true,
  });
  // The owner's currency arrives with its record: offered once it is known, unless one was chosen.
  useEffect(() => {
    if (currency && !form.getValues().currency) form.setFieldValue('currency', currency);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the currency becomes known
  }, [currency, opened]);
  const close = () => {
    form.reset();
    setProblem(undefined);
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const order = categories.map((category) => category.value);
      const created = await writes.create.mutateAsync(newPriceBody(values, { client: owner.acceptsClient, hasPrice: owner.hasPriceFlag }, order));
      form.reset();
      onCreated(created);
    } catch (error) {
      setProblem(showProblem(form, explainPriceProblem(error)));
    }
  });
  const field = (name: keyof NewPriceValues) => form.getInputProps(name);
  // Every enabled match category, in the account's order: a rate typed is sent with the price.
  const categories = choices.categories();
  const percentage = form.getValues().matchesType === 'percentage';
  return (
    <Modal opened={opened} onClose={close} title={t('prices.add.title')} size="lg" closeButtonProps={{ 'aria-label': t('action.close') }} lockScroll={false}>
      <form onSubmit={submit} noValidate aria-label={t('prices.add.title')}>
        <Stack>
          <SimpleGrid cols={2}>
            <Select label={t('prices.column.service')} data={choices.services()} searchable required {...field('service')} />
            <Select label={t('prices.column.unit')} data={choices.units()} searchable required {...field('quantityType')} />
            <Select
              label={t('prices.column.languages')}
              data={choices.pairs()}
              searchable
              clearable
              placeholder={t('prices.anyPair')}
              {...field('languagePair')}
            />
            <Select label={t('prices.column.domain')} data={choices.domains()} searchable clearable placeholder={t('prices.anyDomain')} {...field('domain')} />
            <Select label={t('prices.column.currency')} data={choices.currencies as string[]} searchable required {...field('currency')} />
            <TextInput label={t('prices.column.unitCost')} inputMode="decimal" required description={t('prices.add.unitCostHelp')} {...field('unitCost')} />
            <Select
              label={t('prices.rates.mode')}
              data={[
                { value: 'percentage', label: t('prices.mode.percentage') },
                { value: 'fixed', label: t('prices.mode.fixed') },
              ]}
              allowDeselect={false}
              required
              {...field('matchesType')}
            />
            {owner.acceptsClient && (
              <ClientSelect
                label={t('prices.column.client')}
                description={t('prices.add.clientHelp')}
                clearable
                placeholder={t('prices.anyClient')}
                value={form.getValues().client}
                onChange={(id) => form.setFieldValue('client', id)}
                error={form.errors.client}
              />
            )}
          </SimpleGrid>
          {owner.hasPriceFlag && <Checkbox label={t('prices.add.hasPrice')} {...form.getInputProps('hasPrice', { type: 'checkbox' })} />}
          <fieldset className="price-rates">
            <legend>{t('prices.add.rates')}</legend>
            <Text size="sm" c="dimmed" mb="xs">
              {t(percentage ? 'prices.add.ratesHelp.percentage' : 'prices.add.ratesHelp.fixed')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {categories.map((category) => (
                <TextInput
                  key={category.value}
                  label={category.label}
                  inputMode="decimal"
                  rightSection={percentage ? '%' : undefined}
                  placeholder={t('prices.add.rateFull')}
                  {...form.getInputProps(`rates.${category.value}`)}
                  value={form.getValues().rates[category.value] ?? ''}
                />
              ))}
            </SimpleGrid>
          </fieldset>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('action.cancel')}
            </Button>
            <Button type="submit" loading={writes.create.isPending}>
              {t('prices.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
