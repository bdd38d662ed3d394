import { Paper, SimpleGrid, Stack, Switch, Textarea, TextInput, Title } from '@mantine/core';
import { t } from '../../../shared/i18n';

/** The client portal's fields of the account form (their names are the API's parameters, so that its errors land on them). */
export type ClientPortalValues = {
  requestEmail: string;
  requestTerms: string;
  clientsSeeProgress: boolean;
  clientsSeeDueDates: boolean;
};

/** The API's limit of the terms (src/modules/accounts/schemas.ts). */
const TERMS_MAX = 20_000;

/**
 * The "Client portal" section of `/settings/account` (docs/client-portal.md): where new requests are
 * e-mailed, the terms shown with the request form, and what clients see of their jobs (progress,
 * due dates). Owners and admins change them; others read them.
 */
export function ClientPortalSection({
  field,
  checkbox,
  canEdit,
}: {
  field: (name: keyof ClientPortalValues) => object;
  checkbox: (name: keyof ClientPortalValues) => object;
  canEdit: boolean;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-client-portal">
      <Title order={2} size="h4" id="account-client-portal" mb="sm">
        {t('settings.account.clientPortal')}
      </Title>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TextInput
            type="email"
            label={t('settings.account.requestEmail')}
            description={t('settings.account.requestEmailHelp')}
            maxLength={255}
            {...field('requestEmail')}
          />
        </SimpleGrid>
        <Textarea
          label={t('settings.account.requestTerms')}
          description={t('settings.account.requestTermsHelp')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={TERMS_MAX}
          {...field('requestTerms')}
        />
        <Switch
          label={t('settings.account.clientsSeeProgress')}
          description={t('settings.account.clientsSeeProgressHelp')}
          disabled={!canEdit}
          {...checkbox('clientsSeeProgress')}
        />
        <Switch
          label={t('settings.account.clientsSeeDueDates')}
          description={t('settings.account.clientsSeeDueDatesHelp')}
          disabled={!canEdit}
          {...checkbox('clientsSeeDueDates')}
        />
      </Stack>
    </Paper>
  );
}
