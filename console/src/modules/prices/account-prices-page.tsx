import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { t } from '../../shared/i18n';
import { PriceGrid } from './price-grid';
import type { AccountPricesTab } from './account-prices-search';

const OWNERS = { clients: { kind: 'account-client' }, suppliers: { kind: 'account-supplier' } } as const;

/**
 * `/settings/prices`: the account's own prices (docs/prices.md: default client prices and default
 * supplier prices), one tab each, the tab in the address; each tab's grid has "Which price applies?".
 */
export function AccountPricesPage() {
  const search = useSearch({ from: '/signed-in/settings/prices' });
  const navigate = useNavigate();
  const tab: AccountPricesTab = search.for ?? 'clients';
  return (
    <Stack>
      <Title order={1}>{t('prices.account.title')}</Title>
      <Text c="dimmed">{t('prices.account.intro')}</Text>
      <Tabs
        value={tab}
        onChange={(value) => void navigate({ to: '/settings/prices', search: value === 'suppliers' ? { for: 'suppliers' } : {} })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="clients">{t('prices.account.clients')}</Tabs.Tab>
          <Tabs.Tab value="suppliers">{t('prices.account.suppliers')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clients" pt="md">
          <PriceGrid owner={OWNERS.clients} />
        </Tabs.Panel>
        <Tabs.Panel value="suppliers" pt="md">
          <PriceGrid owner={OWNERS.suppliers} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
