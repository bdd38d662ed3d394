import { Alert, Button, Group, Pagination, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useCan } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ConfirmDelete } from '../../shared/ui/confirm-delete';
import { ScrollTable } from '../../shared/ui/scroll-table';
import { partyQuery } from '../../shared/api/party';
import { MatchRates } from './match-rates';
import { CopyPricesModal } from './copy-prices-modal';
import { NewPriceModal } from './new-price-form';
import { PriceLookupModal } from './price-lookup';
import { usePriceChoices, type PriceChoices } from './price-choices';
import type { PriceOwner } from './price-owner';
import { ownerConfig } from './price-owners';
import { problemText } from './price-problem';
import { pricesQuery, usePriceWrites, type Price } from './price-queries';
import { PriceRow, priceName } from './price-row';
import { Loading } from '../../shared/ui/loading';

/** Rows per page of a client's or a supplier's own prices (the account's families are paged by the API). */
const OWNED_PAGE_SIZE = 25;

/**
 * The prices of a client, of a supplier (its services) or of the account (for clients or for
 * suppliers) as an editable grid (docs/console.md#prices): one row per price, its fields edited
 * in place, its match rates opened under it, "Add a price", Delete (asks first), and "Which price
 * applies?". One implementation for the four owners (price-owners.ts). Only the owner's prices are
 * read (a client's page stays as fast at 100 000 jobs as at 100).
 */
export function PriceGrid({ owner }: { owner: PriceOwner }) {
  // Compared by value: a page may pass a new object of the same owner on every render.
  const ownerKey = JSON.stringify(owner);
  const config = useMemo(() => ownerConfig(JSON.parse(ownerKey) as PriceOwner), [ownerKey]);
  const canEdit = useCan('projects');
  const [page, setPage] = useState(1);
  const prices = useQuery(pricesQuery(config, page));
  const party = useQuery({ ...partyQuery(config.party ?? { kind: 'client', id: '' }), enabled: config.party !== undefined });
  const writes = usePriceWrites(config);
  const choices = usePriceChoices();
  // The rows are memoised and take the lists through this stable object, read when an editor
  // opens: the lists arriving after the prices do not draw every row again.
  const latestChoices = useRef(choices);
  useLayoutEffect(() => {
    latestChoices.current = choices;
  });
  const rowChoices = useMemo<PriceChoices>(
    () => ({
      services: (current) => latestChoices.current.services(current),
      units: (current) => latestChoices.current.units(current),
      pairs: (current) => latestChoices.current.pairs(current),
      domains: (current) => latestChoices.current.domains(current),
      categories: (current) => latestChoices.current.categories(current),
      currencies: choices.currencies,
      unitName: (id) => latestChoices.current.unitName(id),
    }),
    [choices.currencies],
  );
  const updatePrice = writes.update.mutateAsync;
  const showDelete = useCallback((price: Price) => setDeleting(price), []);
  const [adding, setAdding] = useState(false);
  const [copying, setCopying] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<Price>();
  const id = useId();
  const headingId = `${id}-prices`;
  // An owned family comes whole (the API does not page it); the grid shows it a page at a time,
  // as the account's families: a page of rows, each a row of editable cells, is what the browser
  // can draw within the console's 500 ms: each row takes about 5 ms to draw on the 2-core bench host
  // (240 rows took 1.3 s; docs/performance.md#the-web-console).
  const owned = !config.paginated;
  const all = useMemo(() => prices.data?.items ?? [], [prices.data]);
  const totalPages = owned ? Math.max(1, Math.ceil(all.length / OWNED_PAGE_SIZE)) : (prices.data?.totalPages ?? 1);
  const shownPage = Math.min(page, totalPages);
  const items = owned ? all.slice((shownPage - 1) * OWNED_PAGE_SIZE, shownPage * OWNED_PAGE_SIZE) : all;
  // A price just added: its page is shown once the list holds it (its rates are open for editing).
  const [reveal, setReveal] = useState<string>();
  useEffect(() => {
    if (reveal === undefined || !owned) return;
    const index = all.findIndex((price) => price.id === reveal);
    if (index < 0) return;
    setPage(Math.floor(index / OWNED_PAGE_SIZE) + 1);
    setReveal(undefined);
  }, [reveal, owned, all]);
  const columns = canEdit ? 5 : 4;
  const toggle = useCallback(
    (priceId: string) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(priceId)) next.add(priceId);
        return next;
      }),
    [],
  );
  const partyCurrency = party.data?.currency?.code;

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} id={headingId}>
            {t(config.title)}
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => setLookingUp(true)}>
              {t('prices.lookup.open')}
            </Button>
            {canEdit && (
              <Button variant="default" onClick={() => setCopying(true)}>
                {t('prices.copy')}
              </Button>
            )}
            {canEdit && <Button onClick={() => setAdding(true)}>{t('prices.add')}</Button>}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t(config.side === 'client' ? 'prices.help.client' : 'prices.help.supplier')}
        </Text>
        {prices.isPending && <Loading size="sm" label={t('state.loading')} />}
        {prices.isError && (
          <Alert color="red" role="alert">
            {problemText(prices.error)}
          </Alert>
        )}
        {prices.isSuccess && items.length === 0 && <Text>{t(config.empty)}</Text>}
        {items.length > 0 && (
          // No minimum width, and the criteria stacked in four columns (service and unit; languages,
          // domain and client; unit cost, currency and flag; rates): the grid fits the settings
          // column at 1 024 px (about 560 px), so the rates' toggle and Delete are never past a
          // scroll box's edge nor cut short.
          <ScrollTable label={t(config.tableLabel)} minWidth={0}>
            <Table verticalSpacing="xs" horizontalSpacing={6} aria-label={t(config.tableLabel)} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('prices.column.serviceUnit')}</Table.Th>
                  <Table.Th scope="col">{t(config.acceptsClient ? 'prices.column.criteriaClient' : 'prices.column.criteria')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('prices.column.cost')}
                  </Table.Th>
                  <Table.Th scope="col">{t('prices.column.rates')}</Table.Th>
                  {canEdit && (
                    // Named for assistive technology; a visible word would widen the column of one icon.
                    <Table.Th scope="col" w={40}>
                      <VisuallyHidden>{t('prices.column.actions')}</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((price) => {
                  const ratesId = `${id}-rates-${price.id}`;
                  const open = expanded.has(price.id);
                  return (
                    <Fragment key={price.id}>
                      <PriceRow
                        price={price}
                        owner={config}
                        choices={rowChoices}
                        update={updatePrice}
                        canEdit={canEdit}
                        expanded={open}
                        ratesId={ratesId}
                        onToggle={toggle}
                        onDelete={showDelete}
                      />
                      {open && (
                        <Table.Tr>
                          <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
                            <MatchRates price={price} choices={choices} writes={writes} canEdit={canEdit} id={ratesId} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {totalPages > 1 && (
          <Pagination
            total={totalPages}
            value={shownPage}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`prices.page.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('prices.page.number', { page: item }) })}
          />
        )}
      </Stack>
      {canEdit && <CopyPricesModal opened={copying} onClose={() => setCopying(false)} owner={config} choices={choices} writes={writes} />}
      {canEdit && (
        <NewPriceModal
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(price) => {
            setAdding(false);
            // The new price's rates are what comes next: open them.
            setExpanded((open) => new Set(open).add(price.id));
            setReveal(price.id);
          }}
          owner={config}
          choices={choices}
          writes={writes}
          currency={partyCurrency ?? undefined}
        />
      )}
      <PriceLookupModal opened={lookingUp} onClose={() => setLookingUp(false)} owner={config} example={items[0]} currency={partyCurrency ?? undefined} />
      <ConfirmDelete
        opened={deleting !== undefined}
        title={t('prices.deleteTitle')}
        text={t('prices.deleteText', { price: deleting ? priceName(deleting) : '' })}
        pending={writes.remove.isPending}
        error={writes.remove.error ? problemText(writes.remove.error) : undefined}
        onClose={() => {
          writes.remove.reset();
          setDeleting(undefined);
        }}
        onConfirm={() => deleting && writes.remove.mutate(deleting.id, { onSuccess: () => setDeleting(undefined) })}
      />
    </section>
  );
}
