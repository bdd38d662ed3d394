import { Alert, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t } from '../../shared/i18n';
import { ClientSelect } from '../../shared/ui/client-select';
import { partyQuery } from '../../shared/api/party';
import { usePriceChoices } from './price-choices';
import { PriceLookupAnswer } from './price-lookup-answer';
import type { OwnerConfig } from './price-owners';
import { problemText } from './price-problem';
import { usePriceLookup, type LookupCriteria, type Price } from './price-queries';
import { SupplierSelect } from './supplier-select';
import { Loading } from '../../shared/ui/loading';

type Criteria = {
  client: string | null;
  supplier: string | null;
  service: string | null;
  quantityType: string | null;
  languagePair: string | null;
  domain: string | null;
  currency: string | null;
};

/** The look-up's query once what the API requires is chosen (service, unit, currency; the supplier on the supplier side). */
export function lookupQuery(side: 'client' | 'supplier', criteria: Criteria): LookupCriteria | undefined {
  if (!criteria.service || !criteria.quantityType || !criteria.currency) return undefined;
  if (side === 'supplier' && !criteria.supplier) return undefined;
  return {
    for: side,
    service: criteria.service,
    quantityType: criteria.quantityType,
    currency: criteria.currency,
    ...(criteria.client ? { client: criteria.client } : {}),
    ...(side === 'supplier' ? { supplier: criteria.supplier! } : {}),
    ...(criteria.languagePair ? { languagePair: criteria.languagePair } : {}),
    ...(criteria.domain ? { domain: criteria.domain } : {}),
  };
}

/**
 * "Which price applies?" (docs/console.md#prices): the criteria of a job (client side) or of an
 * outsourcing (supplier side), prefilled with the grid's owner and its first price, and the
 * server's answer (`GET /v2/account/prices/lookup`, the same selection as jobs and outsourcing):
 * the price taken, why, and the others that would apply after it.
 */
export function PriceLookupModal({
  opened,
  onClose,
  owner,
  example,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  owner: OwnerConfig;
  example?: Price;
  currency?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(owner.side === 'client' ? 'prices.lookup.titleClient' : 'prices.lookup.titleSupplier')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('action.close') }}
      lockScroll={false}
    >
      {opened && <LookupPanel owner={owner} example={example} currency={currency} />}
    </Modal>
  );
}

function LookupPanel({ owner, example, currency }: { owner: OwnerConfig; example?: Price; currency?: string }) {
  const choices = usePriceChoices();
  const party = useQuery({ ...partyQuery(owner.party ?? { kind: 'client', id: '' }), enabled: owner.party !== undefined });
  const [criteria, setCriteria] = useState<Criteria>(() => ({
    client: owner.party?.kind === 'client' ? owner.party.id : (example?.client?.id ?? null),
    supplier: owner.party?.kind === 'supplier' ? owner.party.id : null,
    service: example?.service.id ?? null,
    quantityType: example?.quantityType.id ?? null,
    languagePair: example?.languagePair?.id ?? null,
    domain: example?.domain?.id ?? null,
    currency: example?.currency.code ?? currency ?? null,
  }));
  useEffect(() => {
    if (currency) setCriteria((now) => (now.currency ? now : { ...now, currency }));
  }, [currency]);
  const set = (name: keyof Criteria) => (value: string | null) => setCriteria((now) => ({ ...now, [name]: value }));
  const query = lookupQuery(owner.side, criteria);
  const [asked] = useDebouncedValue(query, 200);
  const answer = usePriceLookup(asked && query ? asked : undefined);
  const partyName = party.data?.name;
  const current = (kind: 'client' | 'supplier') => (owner.party?.kind === kind && partyName ? { id: owner.party.id, name: partyName } : undefined);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t(owner.side === 'client' ? 'prices.lookup.helpClient' : 'prices.lookup.helpSupplier')}
      </Text>
      <form aria-label={t('prices.lookup.criteria')} onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          {owner.side === 'supplier' && (
            <SupplierSelect
              key={`supplier-${partyName ?? ''}`}
              label={t('prices.lookup.supplier')}
              required
              value={criteria.supplier}
              onChange={set('supplier')}
              current={current('supplier')}
            />
          )}
          <ClientSelect
            key={`client-${partyName ?? ''}`}
            label={t(owner.side === 'client' ? 'prices.lookup.client' : 'prices.lookup.jobClient')}
            clearable
            placeholder={t('prices.lookup.noClient')}
            value={criteria.client}
            onChange={set('client')}
            current={current('client') ?? example?.client ?? null}
          />
          <Select
            label={t('prices.column.service')}
            required
            data={choices.services(criteria.service)}
            searchable
            value={criteria.service}
            onChange={set('service')}
          />
          <Select
            label={t('prices.column.unit')}
            required
            data={choices.units(criteria.quantityType)}
            searchable
            value={criteria.quantityType}
            onChange={set('quantityType')}
          />
          <Select
            label={t('prices.column.languages')}
            data={choices.pairs(criteria.languagePair)}
            searchable
            clearable
            placeholder={t('prices.lookup.noPair')}
            value={criteria.languagePair}
            onChange={set('languagePair')}
          />
          <Select
            label={t('prices.column.domain')}
            data={choices.domains(criteria.domain)}
            searchable
            clearable
            placeholder={t('prices.lookup.noDomain')}
            value={criteria.domain}
            onChange={set('domain')}
          />
          <Select
            label={t('prices.column.currency')}
            required
            data={choices.currencies as string[]}
            searchable
            value={criteria.currency}
            onChange={set('currency')}
          />
        </SimpleGrid>
      </form>
      {!query && <Text c="dimmed">{t(owner.side === 'client' ? 'prices.lookup.incomplete' : 'prices.lookup.incompleteSupplier')}</Text>}
      {query && answer.isFetching && <Loading size="xs" label={t('state.loading')} />}
      {query && answer.isError && (
        <Alert color="red" role="alert">
          {problemText(answer.error)}
        </Alert>
      )}
      {query && answer.data && <PriceLookupAnswer answer={answer.data} />}
    </Stack>
  );
}
