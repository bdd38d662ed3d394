import { Paper, Select, SimpleGrid, Title } from '@mantine/core';
import { t } from '../../../shared/i18n';

/** The workflow fields of the account form (their names are the API's parameters, so that its errors land on them). */
export type WorkflowValues = {
  /** The status code as text (a select's value). */
  acceptedQuoteJobStatus: string;
};

/** The statuses the API allows (src/modules/accounts/schemas.ts, ACCEPTED_QUOTE_JOB_STATUSES). */
const ACCEPTED_QUOTE_JOB_STATUSES = [
  { value: '2', label: 'settings.account.acceptedQuote.inProgress' },
  { value: '6', label: 'settings.account.acceptedQuote.onHold' },
  { value: '1', label: 'settings.account.acceptedQuote.notStarted' },
] as const;

/** The "Workflow" section of `/settings/account`: what happens to a quote's jobs when the client accepts it. */
export function WorkflowSection({ field }: { field: (name: keyof WorkflowValues) => object }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-workflow">
      <Title order={2} size="h4" id="account-workflow" mb="sm">
        {t('settings.account.workflow')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Select
          label={t('settings.account.acceptedQuoteJobStatus')}
          description={t('settings.account.acceptedQuoteJobStatusHelp')}
          data={ACCEPTED_QUOTE_JOB_STATUSES.map((option) => ({ value: option.value, label: t(option.label) }))}
          allowDeselect={false}
          {...field('acceptedQuoteJobStatus')}
        />
      </SimpleGrid>
    </Paper>
  );
}
