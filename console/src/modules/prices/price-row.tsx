import { ActionIcon, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { t } from '../../shared/i18n';
import { formatRate } from '../../shared/formatting/format';
import { ClientSelect } from '../../shared/ui/client-select';
import { pairLabel } from '../../shared/formatting/job-format';
import { decimalEditor, PriceCell, selectEditor } from './price-cell';
import type { PriceChoices } from './price-choices';
import type { OwnerConfig } from './price-owners';
import { explainPriceProblem } from './price-problem';
import type { Price, PriceChanges, PriceWrites } from './price-queries';
import { normalizeDecimal, plainDecimal } from '../../shared/formatting/decimal';
import { ratesSummary, unitCostError } from './price-values';

interface PriceRowProps {
  price: Price;
  owner: OwnerConfig;
  choices: PriceChoices;
  update: PriceWrites['update']['mutateAsync'];
  canEdit: boolean;
  expanded: boolean;
  ratesId: string;
  onToggle: (priceId: string) => void;
  onDelete: (price: Price) => void;
}

/** What the row calls the price (the rates panel's title, the delete dialog): "Translation, Words, English → French". */
export function priceName(price: Price): string {
  const parts = [price.service.name, price.quantityType.name];
  if (price.languagePair) parts.push(pairLabel(price.languagePair));
  if (price.domain) parts.push(price.domain.name);
  return parts.join(', ');
}

/**
 * One price of the grid: each field edited in place (`PUT` of the family, with the unit cost it
 * has, which three families require), the match rates' summary with the button that opens them,
 * and Delete.
 */
export const PriceRow = memo(function PriceRow({ price, owner, choices, update, canEdit, expanded, ratesId, onToggle, onDelete }: PriceRowProps) {
  const currency = price.currency.code;
  const toggleText = t(expanded ? 'prices.rates.hide' : canEdit ? 'prices.rates.edit' : 'prices.rates.show');
  const save = (patch: PriceChanges) =>
    update({ id: price.id, body: { unitCost: price.unitCost, ...patch } }).catch((error: unknown) => {
      throw explainPriceProblem(error);
    });
  const none = (text: string) => (
    <Text span c="dimmed" size="sm">
      {text}
    </Text>
  );
  const reference = (param: 'service' | 'quantityType') => ({
    initial: () => price[param].id as string | null,
    validate: (value: string | null) => (value ? null : t('prices.rule.required')),
    save: (value: string | null) => save({ [param]: value! }),
    param,
  });
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Stack gap={2} align="flex-start">
          <PriceCell
            label={t('prices.column.service')}
            display={price.service.name}
            canEdit={canEdit}
            editor={selectEditor(() => choices.services(price.service.id))}
            {...reference('service')}
          />
          <Text span size="sm" fw={400}>
            <PriceCell
              label={t('prices.column.unit')}
              display={price.quantityType.name}
              canEdit={canEdit}
              editor={selectEditor(() => choices.units(price.quantityType.id))}
              {...reference('quantityType')}
            />
          </Text>
        </Stack>
      </Table.Th>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <PriceCell
            label={t('prices.column.languages')}
            display={price.languagePair ? pairLabel(price.languagePair) : none(t('prices.anyPair'))}
            canEdit={canEdit}
            editor={selectEditor(() => choices.pairs(price.languagePair?.id), true, t('prices.anyPair'))}
            initial={() => price.languagePair?.id ?? null}
            save={(value) => save({ languagePair: value })}
            param="languagePair"
          />

          <PriceCell
            label={t('prices.column.domain')}
            display={price.domain ? price.domain.name : none(t('prices.anyDomain'))}
            canEdit={canEdit}
            editor={selectEditor(() => choices.domains(price.domain?.id), true, t('prices.anyDomain'))}
            initial={() => price.domain?.id ?? null}
            save={(value) => save({ domain: value })}
            param="domain"
          />

          {owner.acceptsClient && (
            <PriceCell
              label={t('prices.column.client')}
              display={price.client ? price.client.name : none(t('prices.anyClient'))}
              canEdit={canEdit}
              editor={({ value, onChange, label, error, autoFocus }) => (
                <ClientSelect
                  aria-label={label}
                  value={value}
                  onChange={onChange}
                  error={error}
                  autoFocus={autoFocus}
                  current={price.client}
                  clearable
                  placeholder={t('prices.anyClient')}
                  size="xs"
                  miw={180}
                />
              )}
              initial={() => price.client?.id ?? null}
              save={(value) => save({ client: value })}
              param="client"
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        <Stack gap={2} align="flex-end">
          <PriceCell
            label={t('prices.column.unitCost')}
            display={formatRate(price.unitCost, currency)}
            canEdit={canEdit}
            editor={decimalEditor(currency)}
            initial={() => plainDecimal(price.unitCost)}
            validate={unitCostError}
            save={(value) => save({ unitCost: Number(normalizeDecimal(value)) })}
            param="unitCost"
          />
          <PriceCell
            label={t('prices.column.currency')}
            display={currency}
            canEdit={canEdit}
            editor={selectEditor(choices.currencies)}
            initial={(): string | null => currency}
            validate={(value) => (value ? null : t('prices.rule.required'))}
            save={(value) => save({ currency: value! })}
            param="currency"
          />
          {owner.hasPriceFlag && (
            <PriceCell
              label={t('prices.column.hasPrice')}
              display={t(price.hasPrice === false ? 'prices.hasPrice.noShort' : 'prices.hasPrice.yesShort')}
              canEdit={canEdit}
              editor={selectEditor([
                { value: 'yes', label: t('prices.hasPrice.yes') },
                { value: 'no', label: t('prices.hasPrice.no') },
              ])}
              initial={(): string | null => (price.hasPrice === false ? 'no' : 'yes')}
              save={(value) => save({ hasPrice: value === 'yes' })}
              param="hasPrice"
            />
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Text size="sm" lineClamp={3}>
            {ratesSummary(price.matchesType, price.matches, currency)}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={expanded}
            aria-controls={expanded ? ratesId : undefined}
            // The visible words first: the name holds them (WCAG 2.5.3), then whose rates they are.
            aria-label={t('prices.rates.toggleFor', { action: toggleText, price: priceName(price) })}
            onClick={() => onToggle(price.id)}
          >
            {toggleText}
          </Button>
        </Stack>
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Tooltip label={t('prices.delete')} withinPortal>
            <ActionIcon variant="subtle" color="red.9" onClick={() => onDelete(price)} aria-label={t('prices.deleteFor', { price: priceName(price) })}>
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
      )}
    </Table.Tr>
  );
});

export function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 13h12l1-13M9 7V4h6v3" />
    </svg>
  );
}
