import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { t } from '../i18n';

/**
 * A section of a client's or supplier's page while its data loads, or when it could not be read:
 * its heading stays (the page's outline does not jump), with the state and a way to try again.
 */
export function PartySectionState({ headingId, title, query }: { headingId: string; title: string; query: UseQueryResult<unknown> }) {
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {query.error ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('state.error', { message: query.error.message })}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
                {t('state.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Text c="dimmed">{t('state.loading')}</Text>
        )}
      </Stack>
    </section>
  );
}
