import { Paper, Switch, Text, Title } from '@mantine/core';
import { t } from '../../../shared/i18n';

/** The access fields of the account form (their names are the API's parameters, so that its errors land on them). */
export type AccessValues = {
  managersSeeRevenueAndMargins: boolean;
  suppliersSeeClientName: boolean;
};

/**
 * The "Who sees what" section of `/settings/account` (docs/access.md#revenue-and-margins):
 * whether the role manager sees them; and whether the supplier portal shows the client's name
 * (docs/supplier-portal.md#the-clients-name). Owners and admins change them; others read them.
 */
export function AccessSection({ checkbox, canEdit }: { checkbox: (name: keyof AccessValues) => object; canEdit: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-access">
      <Title order={2} size="h4" id="account-access" mb="sm">
        {t('settings.account.access')}
      </Title>
      <Switch
        label={t('settings.account.managersSeeRevenueAndMargins')}
        description={t('settings.account.managersSeeRevenueAndMarginsHelp')}
        disabled={!canEdit}
        {...checkbox('managersSeeRevenueAndMargins')}
      />
      <Text size="sm" c="dimmed" mt="xs">
        {t('settings.account.managersSeeRevenueAndMarginsNote')}
      </Text>
      <Switch
        mt="md"
        label={t('settings.account.suppliersSeeClientName')}
        description={t('settings.account.suppliersSeeClientNameHelp')}
        disabled={!canEdit}
        {...checkbox('suppliersSeeClientName')}
      />
    </Paper>
  );
}
