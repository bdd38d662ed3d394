import { ActionIcon, Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { ConfirmDelete } from '../../shared/ui/confirm-delete';
import { formatPercent, formatRate } from '../../shared/formatting/format';
import { PriceCell, selectEditor, decimalEditor } from './price-cell';
import type { PriceChoices } from './price-choices';
import { explainPriceProblem, problemText } from './price-problem';
import type { Price, PriceWrites } from './price-queries';
import { TrashIcon, priceName } from './price-row';
import { rateBody, rateError, rateInput, type MatchEntry, type MatchesType } from './price-values';

/**
 * A price's match rates, opened under its row (docs/prices.md#match-entries): how they are counted
 * (percentage of the unit cost or fixed amounts, changed in place: the API converts every rate so
 * that it stays the same), each rate by category edited in place, moved up or down (the order jobs
 * copy), removed (asks first), and a new rate for a category the price has not yet.
 */
export function MatchRates({
  price,
  choices,
  writes,
  canEdit,
  id,
}: {
  price: Price;
  choices: PriceChoices;
  writes: PriceWrites;
  canEdit: boolean;
  id: string;
}) {
  const [removing, setRemoving] = useState<MatchEntry>();
  const [problem, setProblem] = useState<string>();
  const type = price.matchesType;
  const currency = price.currency.code;
  const titleId = `${id}-title`;
  const rateOf = (entry: MatchEntry) => (type === 'percentage' ? formatPercent(entry.percentage) : formatRate(entry.unitCost, currency));
  const other = (entry: MatchEntry) => (type === 'percentage' ? formatRate(entry.unitCost, currency) : formatPercent(entry.percentage));
  const move = (entry: MatchEntry, position: number) => {
    setProblem(undefined);
    writes.moveRate.mutate({ id: price.id, matchId: entry.id, position }, { onError: (error) => setProblem(problemText(error)) });
  };

  return (
    <Stack gap="sm" id={id} role="group" aria-labelledby={titleId} py="xs">
      <Group justify="space-between" align="flex-start">
        <Title order={3} size="h5" id={titleId}>
          {t('prices.rates.title', { price: priceName(price) })}
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('prices.rates.mode')}
          </Text>
          <PriceCell
            label={t('prices.rates.mode')}
            display={t(type === 'percentage' ? 'prices.mode.percentage' : 'prices.mode.fixed')}
            canEdit={canEdit}
            editor={selectEditor([
              { value: 'percentage', label: t('prices.mode.percentage') },
              { value: 'fixed', label: t('prices.mode.fixed') },
            ])}
            initial={(): string | null => type}
            save={(value) =>
              writes.update.mutateAsync({ id: price.id, body: { unitCost: price.unitCost, matchesType: value as MatchesType } }).catch((error: unknown) => {
                throw explainPriceProblem(error);
              })
            }
            param="matchesType"
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t(type === 'percentage' ? 'prices.rates.help.percentage' : 'prices.rates.help.fixed', { unitCost: formatRate(price.unitCost, currency) })}
      </Text>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {price.matches.length === 0 ? (
        <Text size="sm">{t('prices.rates.empty')}</Text>
      ) : (
        <Table verticalSpacing={4} fz="sm" aria-label={t('prices.rates.tableFor', { price: priceName(price) })} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('prices.rates.category')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t(type === 'percentage' ? 'prices.rates.percentage' : 'prices.rates.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t(type === 'percentage' ? 'prices.rates.amount' : 'prices.rates.percentage')}
              </Table.Th>
              {canEdit && <Table.Th scope="col">{t('prices.column.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {price.matches.map((entry, index) => (
              <Table.Tr key={entry.id}>
                <Table.Th scope="row" fw={400}>
                  {entry.name}
                </Table.Th>
                <Table.Td ta="right">
                  <PriceCell
                    label={t('prices.rates.valueOf', { category: entry.name })}
                    display={rateOf(entry)}
                    canEdit={canEdit}
                    editor={decimalEditor(type === 'percentage' ? '%' : currency)}
                    initial={() => rateInput(type, entry)}
                    validate={(value) => rateError(type, value)}
                    save={(value) =>
                      writes.updateRate.mutateAsync({ id: price.id, matchId: entry.id, body: rateBody(type, value) }).catch((error: unknown) => {
                        throw explainPriceProblem(error, 'rate');
                      })
                    }
                    param={type === 'percentage' ? 'percentage' : 'unitCost'}
                  />
                </Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {other(entry)}
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        onClick={() => move(entry, index - 1)}
                        aria-label={t('prices.rates.up', { category: entry.name })}
                      >
                        <Arrow up />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === price.matches.length - 1}
                        onClick={() => move(entry, index + 1)}
                        aria-label={t('prices.rates.down', { category: entry.name })}
                      >
                        <Arrow />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        onClick={() => setRemoving(entry)}
                        aria-label={t('prices.rates.remove', { category: entry.name })}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canEdit && <AddRateForm price={price} choices={choices} writes={writes} />}
      <ConfirmDelete
        opened={removing !== undefined}
        title={t('prices.rates.removeTitle')}
        text={t('prices.rates.removeText', { category: removing?.name ?? '', price: priceName(price) })}
        pending={writes.removeRate.isPending}
        error={writes.removeRate.error ? problemText(writes.removeRate.error) : undefined}
        onClose={() => {
          writes.removeRate.reset();
          setRemoving(undefined);
        }}
        onConfirm={() =>
          removing &&
          writes.removeRate.mutate(
            { id: price.id, matchId: removing.id },
            {
              onSuccess: () => setRemoving(undefined),
            },
          )
        }
      />
    </Stack>
  );
}

/** A rate for a category the price has not yet: the category and the value of the price's mode. */
function AddRateForm({ price, choices, writes }: { price: Price; choices: PriceChoices; writes: PriceWrites }) {
  const [category, setCategory] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ match?: string; value?: string; form?: string }>({});
  const type = price.matchesType;
  const used = new Set(price.matches.map((entry) => entry.id));
  const options = choices.categories().filter((option) => !used.has(option.value));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = { match: category ? undefined : t('prices.rule.required'), value: rateError(type, value) ?? undefined };
    setErrors(refused);
    if (refused.match || refused.value) return;
    try {
      await writes.addRate.mutateAsync({ id: price.id, body: { match: category!, ...rateBody(type, value) } });
      setCategory(null);
      setValue('');
    } catch (error) {
      const explained = explainPriceProblem(error, 'rate');
      const field = explained instanceof ApiProblem ? explained.details[0]?.param : undefined;
      if (field === 'match') setErrors({ match: (explained as ApiProblem).details[0]!.message });
      else if (field === 'percentage' || field === 'unitCost') setErrors({ value: (explained as ApiProblem).details[0]!.message });
      else setErrors({ form: explained instanceof Error ? explained.message : String(explained) });
    }
  };
  if (options.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('prices.rates.allCategories')}
      </Text>
    );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('prices.rates.addFor', { price: priceName(price) })}>
      <Stack gap={6}>
        <Group align="flex-start" gap="sm">
          <Select
            label={t('prices.rates.category')}
            data={options}
            value={category}
            onChange={setCategory}
            error={errors.match}
            searchable
            size="xs"
            w={180}
            nothingFoundMessage={t('prices.nothingFound')}
          />
          <TextInput
            label={t(type === 'percentage' ? 'prices.rates.percentageInput' : 'prices.rates.amountInput', { currency: price.currency.code })}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={errors.value}
            inputMode="decimal"
            size="xs"
            w={150}
          />
          <Button type="submit" size="xs" mt={22} loading={writes.addRate.isPending}>
            {t('prices.rates.add')}
          </Button>
        </Group>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function Arrow({ up = false }: { up?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d={up ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
    </svg>
  );
}
