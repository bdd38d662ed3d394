import { ActionIcon, Button, Group as Row, List, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { formatNumber } from '../../shared/formatting/format';
import { clientOptionsQuery } from '../groups';
import { domainsQuery, languagePairsQuery, namedChoices, pairChoices, pairLabel } from './choices';
import { NumberField } from './party-fields';
import { partyRules } from './party-rules';
import type { Supplier } from '../../shared/api/party';
import { useSupplierLanguagePair, useUpdateParty, type PartyBody } from './queries';

const problemText = (problem: unknown) => (problem instanceof ApiProblem ? problem.message : String(problem));

/**
 * What a supplier offers: its language pairs (added and removed one by one through
 * /v2/suppliers/:id/language-pairs/:languagePairId), its domains, its rating, and the clients it is
 * dedicated to. Its services are its prices (the prices tab).
 */
export function SupplierProfileSection({ supplier, canEdit }: { supplier: Supplier; canEdit: boolean }) {
  const update = useUpdateParty({ kind: 'supplier', id: supplier.id });
  const save = (body: PartyBody) => update.mutateAsync(body);
  const heading = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Stack gap="md">
        <Title order={2} size="h3" id={heading}>
          {t('parties.profile.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SupplierLanguages supplier={supplier} canEdit={canEdit} />
          <Stack gap="md">
            <NumberField
              canEdit={canEdit}
              save={save}
              label={t('parties.field.rating')}
              param="rating"
              value={supplier.rating}
              display={supplier.rating === null ? '' : t('parties.rating.value', { rating: formatNumber(supplier.rating, 1) })}
              rule={partyRules.rating}
              decimals={1}
              min={0}
              max={5}
            />
            <SupplierDomains supplier={supplier} canEdit={canEdit} save={save} />
            <DedicatedClients supplier={supplier} canEdit={canEdit} save={save} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SupplierLanguages({ supplier, canEdit }: { supplier: Supplier; canEdit: boolean }) {
  const pairs = useQuery({ ...languagePairsQuery, enabled: canEdit });
  const change = useSupplierLanguagePair(supplier.id);
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const heading = useId();
  const have = supplier.languagePairs.map((pair) => pair.id);
  const run = (languagePairId: string, add: boolean) => {
    setError(undefined);
    change.mutate({ languagePairId, add }, { onSuccess: () => setAdding(null), onError: (problem) => setError(problemText(problem)) });
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={heading}>
        {t('parties.languagePairs.title')}
      </Title>
      {supplier.languagePairs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('parties.languagePairs.none')}
        </Text>
      ) : (
        <List aria-labelledby={heading} listStyleType="none" spacing={4}>
          {supplier.languagePairs.map((pair) => (
            <List.Item key={pair.id}>
              <Row gap="xs" wrap="nowrap">
                <Text size="sm">{pairLabel(pair)}</Text>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="sm"
                    aria-label={t('parties.languagePairs.remove', { pair: pairLabel(pair) })}
                    disabled={change.isPending}
                    onClick={() => run(pair.id, false)}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                )}
              </Row>
            </List.Item>
          ))}
        </List>
      )}
      {canEdit && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (adding) run(adding, true);
          }}
        >
          <Row align="flex-end" gap="xs">
            <Select
              label={t('parties.languagePairs.add')}
              placeholder={t('parties.languagePairs.choose')}
              data={pairChoices(pairs.data).filter((choice) => !have.includes(choice.value))}
              value={adding}
              onChange={setAdding}
              searchable
              error={error}
              comboboxProps={{ withinPortal: true }}
              w={280}
            />
            <Button type="submit" variant="light" disabled={!adding} loading={change.isPending}>
              {t('parties.languagePairs.addButton')}
            </Button>
          </Row>
        </form>
      )}
    </Stack>
  );
}

type Save = (body: PartyBody) => Promise<unknown>;

/** Domains: the whole list is sent (`domains`), as the API takes it. */
function SupplierDomains({ supplier, canEdit, save }: { supplier: Supplier; canEdit: boolean; save: Save }) {
  const domains = useQuery({ ...domainsQuery, enabled: canEdit });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const current = supplier.domains.map((domain) => domain.id);
  if (!canEdit)
    return <ReadOnlyList label={t('parties.field.domains')} names={supplier.domains.map((domain) => domain.name)} empty={t('parties.domains.none')} />;
  const options = [
    ...namedChoices(domains.data, current),
    ...supplier.domains.filter((domain) => !domains.data?.some((known) => known.id === domain.id)).map((domain) => ({ value: domain.id, label: domain.name })),
  ];
  return (
    <MultiSelect
      label={t('parties.field.domains')}
      placeholder={current.length === 0 ? t('parties.domains.choose') : undefined}
      data={options}
      value={current}
      searchable
      disabled={pending}
      error={error}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        setError(undefined);
        setPending(true);
        save({ domains: next })
          .catch((problem: unknown) => setError(problemText(problem)))
          .finally(() => setPending(false));
      }}
    />
  );
}

/** Clients the supplier works for only (`dedicatedClients`), found by typing part of a name. */
function DedicatedClients({ supplier, canEdit, save }: { supplier: Supplier; canEdit: boolean; save: Save }) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const found = useQuery({ ...clientOptionsQuery(typed), enabled: canEdit });
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const current = supplier.dedicatedClients.map((client) => client.id);
  if (!canEdit)
    return (
      <ReadOnlyList
        label={t('parties.field.dedicatedClients')}
        names={supplier.dedicatedClients.map((client) => client.name)}
        empty={t('parties.dedicatedClients.none')}
      />
    );
  const options = [
    ...supplier.dedicatedClients.map((client) => ({ value: client.id, label: client.name })),
    ...(found.data?.items ?? []).filter((client) => !current.includes(client.id)).map((client) => ({ value: client.id, label: client.name })),
  ];
  return (
    <MultiSelect
      label={t('parties.field.dedicatedClients')}
      description={t('parties.dedicatedClients.help')}
      placeholder={current.length === 0 ? t('parties.dedicatedClients.choose') : undefined}
      data={options}
      value={current}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      disabled={pending}
      error={error}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        setError(undefined);
        setPending(true);
        save({ dedicatedClients: next })
          .catch((problem: unknown) => setError(problemText(problem)))
          .finally(() => setPending(false));
      }}
    />
  );
}

function ReadOnlyList({ label, names, empty }: { label: string; names: string[]; empty: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text>{names.length > 0 ? names.join(', ') : empty}</Text>
    </Stack>
  );
}
