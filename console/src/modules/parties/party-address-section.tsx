import { Paper, Stack, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { t, type MessageKey } from '../../shared/i18n';
import { countryChoices } from './countries';
import { ChoiceField, TextField } from './party-fields';
import { countryName } from './party-kind';
import type { Party } from '../../shared/api/party';
import { useUpdateParty, type PartyBody } from './queries';

const ADDRESS_TEXT: ReadonlyArray<{ field: 'name' | 'street' | 'postalCode' | 'city' | 'state'; label: MessageKey }> = [
  { field: 'name', label: 'parties.address.name' },
  { field: 'street', label: 'parties.address.street' },
  { field: 'postalCode', label: 'parties.address.postalCode' },
  { field: 'city', label: 'parties.address.city' },
  { field: 'state', label: 'parties.address.state' },
];

/**
 * The postal address, each line edited in place (PUT with `address: { <field> }`: the API keeps
 * the other lines). The country is chosen by name and stored as its ISO code.
 */
export function PartyAddressSection({ party, canEdit }: { party: Party; canEdit: boolean }) {
  const update = useUpdateParty({ kind: party.object, id: party.id });
  const heading = useId();
  const countries = useMemo(() => (canEdit ? countryChoices() : []), [canEdit]);
  // The field's parameter is `address.<field>`: the API names its errors so.
  const saveAddress = (field: string) => (body: PartyBody) =>
    update.mutateAsync({ address: { [field]: (body as Record<string, unknown>)[`address.${field}`] } });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={heading}>
          {t('parties.address.title')}
        </Title>
        {ADDRESS_TEXT.map(({ field, label }) => (
          <TextField key={field} canEdit={canEdit} save={saveAddress(field)} label={t(label)} param={`address.${field}`} value={party.address[field]} />
        ))}
        <ChoiceField
          canEdit={canEdit}
          save={saveAddress('country')}
          label={t('parties.address.country')}
          param="address.country"
          value={party.address.country}
          display={countryName(party.address.country)}
          options={countries}
          clearable
        />
      </Stack>
    </Paper>
  );
}
