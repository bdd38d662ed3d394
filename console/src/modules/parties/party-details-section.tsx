import { MultiSelect, Paper, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { t } from '../../shared/i18n';
import { formatMoney } from '../../shared/formatting/format';
import { CURRENCIES } from '../../shared/api/choices';
import { catConfigurationsQuery, labelsQuery, namedChoices, taxesQuery } from './choices';
import { ChoiceField, NumberField, TextField } from './party-fields';
import { partyRules, TIME_ZONES } from './party-rules';
import type { Party } from '../../shared/api/party';
import { usePartyLabel, useUpdateParty, type PartyBody } from './queries';
import { accountQuery } from '../../shared/api/account';
import { documentLanguageName, documentLanguageOptions } from '../../shared/ui/document-languages';

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));
const TIME_ZONE_OPTIONS = TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

/**
 * Every field of the client or supplier (PUT /v2/clients/:id, /v2/suppliers/:id), each edited in
 * place, and its labels (POST/DELETE …/labels/:labelId). The address has its own section.
 */
export function PartyDetailsSection({ party, canEdit }: { party: Party; canEdit: boolean }) {
  const update = useUpdateParty({ kind: party.object, id: party.id });
  const save = (body: PartyBody) => update.mutateAsync(body);
  const common = { canEdit, save };
  const cats = useQuery({ ...catConfigurationsQuery, enabled: canEdit });
  const heading = useId();
  const catChoices = namedChoices(cats.data, party.catConfiguration ? [party.catConfiguration.id] : []);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Stack gap="md">
        <Title order={2} size="h3" id={heading}>
          {t('parties.details.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          <TextField {...common} label={t('parties.field.name')} param="name" value={party.name} rule={partyRules.name} />
          {party.object === 'supplier' && <TextField {...common} label={t('parties.field.nickname')} param="nickname" value={party.nickname} />}
          {party.object === 'supplier' && (
            <ChoiceField
              {...common}
              label={t('parties.field.supplierType')}
              param="supplierType"
              value={party.supplierType}
              display={t(`parties.supplierType.${party.supplierType}`)}
              options={[
                { value: 'freelance', label: t('parties.supplierType.freelance') },
                { value: 'company', label: t('parties.supplierType.company') },
              ]}
              validate={(value) => (value === null ? t('parties.rule.required') : null)}
            />
          )}
          <TextField {...common} label={t('parties.field.email')} param="email" value={party.email} rule={partyRules.email} type="email" />
          <TextField {...common} label={t('parties.field.phone')} param="phone" value={party.phone} type="tel" />
          {party.object === 'supplier' && (
            <TextField {...common} label={t('parties.field.mobilePhone')} param="mobilePhone" value={party.mobilePhone} type="tel" />
          )}
          {party.object === 'client' && <TextField {...common} label={t('parties.field.website')} param="website" value={party.website} type="url" />}
          <TextField {...common} label={t('parties.field.vatNumber')} param="vatNumber" value={party.vatNumber} />
          <TextField
            {...common}
            label={t('parties.field.nationalIdentificationNumber')}
            param="nationalIdentificationNumber"
            value={party.nationalIdentificationNumber}
          />
          <ChoiceField
            {...common}
            label={t('parties.field.currency')}
            param="currency"
            value={party.currency.code}
            display={party.currency.code}
            options={CURRENCY_OPTIONS}
            validate={partyRules.currency}
          />
          {party.object === 'client' && (
            <NumberField
              {...common}
              label={t('parties.field.minimumFee')}
              param="minimumFee"
              value={party.minimumFee}
              display={party.minimumFee === null ? '' : formatMoney(party.minimumFee, party.currency.code)}
              rule={partyRules.minimumFee}
              decimals={2}
              min={0}
            />
          )}
          {party.object === 'client' && <ClientTaxes client={party} canEdit={canEdit} save={save} />}
          {party.object === 'supplier' && (
            <ChoiceField
              {...common}
              label={t('parties.field.timezone')}
              param="timezone"
              value={party.timezone}
              display={party.timezone ?? ''}
              options={TIME_ZONE_OPTIONS}
              clearable
            />
          )}
          <ChoiceField
            {...common}
            label={t('parties.field.catConfiguration')}
            param="catConfiguration"
            value={party.catConfiguration?.id ?? null}
            display={party.catConfiguration?.name ?? ''}
            options={catChoices}
            clearable
          />
          <DocumentFields party={party} canEdit={canEdit} save={save} />
        </SimpleGrid>
        <TextField {...common} label={t('parties.field.details')} param="details" value={party.details} long />
        <PartyLabelsField party={party} canEdit={canEdit} />
        {canEdit && (
          <Switch
            label={t('parties.field.pinned')}
            description={t('parties.field.pinnedHelp')}
            checked={party.pinned}
            disabled={update.isPending}
            onChange={(event) => void save({ pinned: event.currentTarget.checked }).catch(() => undefined)}
          />
        )}
      </Stack>
    </Paper>
  );
}

const MATCH_DISPLAYS = ['none', 'breakdown', 'hiddenMatches'] as const;

/** The language of the party's documents (empty: the account's) and, for a client, what its documents show of match bands. */
function DocumentFields({ party, canEdit, save }: { party: Party; canEdit: boolean; save: (body: PartyBody) => Promise<unknown> }) {
  const account = useQuery(accountQuery);
  const fallback = t('parties.field.documentLanguageDefault', { language: account.data ? documentLanguageName(account.data.documentLanguage) : '…' });
  return (
    <>
      <ChoiceField
        canEdit={canEdit}
        save={save}
        label={t('parties.field.documentLanguage')}
        param="documentLanguage"
        value={party.documentLanguage}
        display={party.documentLanguage ? documentLanguageName(party.documentLanguage) : fallback}
        options={documentLanguageOptions()}
        clearable
      />
      {party.object === 'client' && (
        <ChoiceField
          canEdit={canEdit}
          save={save}
          label={t('parties.field.documentMatchDisplay')}
          param="documentMatchDisplay"
          value={party.documentMatchDisplay}
          display={t(`parties.matchDisplay.${party.documentMatchDisplay}`)}
          options={MATCH_DISPLAYS.map((value) => ({ value, label: t(`parties.matchDisplay.${value}`) }))}
          validate={(value) => (value === null ? t('parties.rule.required') : null)}
        />
      )}
    </>
  );
}

function ClientTaxes({
  client,
  canEdit,
  save,
}: {
  client: Extract<Party, { object: 'client' }>;
  canEdit: boolean;
  save: (body: PartyBody) => Promise<unknown>;
}) {
  const taxes = useQuery({ ...taxesQuery, enabled: canEdit });
  const tax = (param: 'tax1' | 'tax2', label: string) => (
    <ChoiceField
      canEdit={canEdit}
      save={save}
      label={label}
      param={param}
      value={client[param]?.id ?? null}
      display={client[param]?.name ?? ''}
      options={namedChoices(taxes.data, client[param] ? [client[param].id] : [])}
      clearable
    />
  );
  return (
    <>
      {tax('tax1', t('parties.field.tax1'))}
      {tax('tax2', t('parties.field.tax2'))}
    </>
  );
}

/** The labels: chosen in a list of the account's labels; each change is one attach or detach. */
function PartyLabelsField({ party, canEdit }: { party: Party; canEdit: boolean }) {
  const labels = useQuery({ ...labelsQuery, enabled: canEdit });
  const change = usePartyLabel({ kind: party.object, id: party.id });
  const [error, setError] = useState<string>();
  if (!canEdit) return null;
  const current = party.labels.map((label) => label.id);
  const options = [
    ...namedChoices(labels.data, current),
    // A label the list does not have (yet): its name from the party.
    ...party.labels.filter((label) => !labels.data?.some((known) => known.id === label.id)).map((label) => ({ value: label.id, label: label.name })),
  ];
  return (
    <MultiSelect
      label={t('parties.field.labels')}
      placeholder={current.length === 0 ? t('parties.field.addLabel') : undefined}
      data={options}
      value={current}
      searchable
      disabled={change.isPending}
      error={error}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        setError(undefined);
        const added = next.find((id) => !current.includes(id));
        const removed = current.find((id) => !next.includes(id));
        const labelId = added ?? removed;
        if (labelId)
          change.mutate(
            { labelId, attach: added !== undefined },
            { onError: (problem) => setError(problem instanceof ApiProblem ? problem.message : String(problem)) },
          );
      }}
    />
  );
}
