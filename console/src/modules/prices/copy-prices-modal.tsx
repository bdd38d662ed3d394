import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { ClientSelect } from '../../shared/ui/client-select';
import type { PriceChoices } from './price-choices';
import type { OwnerConfig } from './price-owners';
import { problemText } from './price-problem';
import type { CopySource, PriceWrites } from './price-queries';
import { SupplierSelect } from './supplier-select';

const SOURCES: readonly CopySource[] = ['clientDefaults', 'supplierDefaults', 'client', 'supplier'];

/**
 * "Copy prices from…" (docs/prices.md#copying-a-grid): another grid, the account's or a party's,
 * copied into this one with its match rates; prices this grid has already are kept and listed.
 */
export function CopyPricesModal({
  opened,
  onClose,
  owner,
  choices,
  writes,
}: {
  opened: boolean;
  onClose: () => void;
  owner: OwnerConfig;
  choices: PriceChoices;
  writes: PriceWrites;
}) {
  const [source, setSource] = useState<CopySource>(owner.side === 'client' ? 'clientDefaults' : 'supplierDefaults');
  const [party, setParty] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const needsParty = source === 'client' || source === 'supplier';
  const close = () => {
    writes.copy.reset();
    setParty(null);
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (needsParty && !party) return;
    writes.copy.mutate({ source, ...(needsParty && party ? { sourceId: party } : {}), ...(currency ? { currency } : {}) });
  };
  const result = writes.copy.data;
  return (
    <Modal opened={opened} onClose={close} title={t('prices.copy.title')} size="lg" closeButtonProps={{ 'aria-label': t('action.close') }} lockScroll={false}>
      <form onSubmit={submit} noValidate aria-label={t('prices.copy.title')}>
        <Stack>
          <Select
            label={t('prices.copy.source')}
            data={SOURCES.map((value) => ({ value, label: t(`prices.copy.source.${value}`) }))}
            value={source}
            onChange={(value) => {
              setSource((value as CopySource) ?? source);
              setParty(null);
            }}
            allowDeselect={false}
            required
          />
          {source === 'client' && <ClientSelect label={t('prices.copy.client')} value={party} onChange={setParty} required />}
          {source === 'supplier' && <SupplierSelect label={t('prices.copy.supplier')} value={party} onChange={setParty} required />}
          <Select
            label={t('prices.copy.currency')}
            data={choices.currencies as string[]}
            value={currency}
            onChange={setCurrency}
            searchable
            clearable
            placeholder={t('prices.copy.anyCurrency')}
          />
          <Text size="sm" c="dimmed">
            {t('prices.copy.help')}
          </Text>
          {writes.copy.isError && (
            <Alert color="red" role="alert">
              {problemText(writes.copy.error)}
            </Alert>
          )}
          {result && (
            <Alert color={result.skipped.length > 0 ? 'yellow' : 'green'} role="status">
              <Text size="sm">{t('prices.copy.done', { created: result.created.length, skipped: result.skipped.length })}</Text>
              {result.skipped.length > 0 && (
                <>
                  <Text size="sm">{t('prices.copy.skipped')}</Text>
                  <List size="sm">
                    {result.skipped.map((skip) => (
                      <List.Item key={skip.id}>{skip.message}</List.Item>
                    ))}
                  </List>
                </>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('action.close')}
            </Button>
            <Button type="submit" loading={writes.copy.isPending} disabled={needsParty && !party}>
              {t('prices.copy.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
