import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link, useRouter } from '@tanstack/react-router';
import { ApiProblem } from '../../../shared/api/client';
import { t } from '../../../shared/i18n';

/** A job that is not there (deleted, another account's, a mistyped address): say so, and the way back to Jobs. */
export function JobNotFound() {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>{t('job.notFound.title')}</Title>
      <Text>{t('job.notFound.text')}</Text>
      <Anchor component={Link} to="/jobs">
        {t('job.notFound.back')}
      </Anchor>
    </Stack>
  );
}

/**
 * The job route's error state (its `errorComponent`): "job not found" for the API's 404, else the
 * error and a way to ask again.
 */
export function JobRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (error instanceof ApiProblem && error.status === 404) return <JobNotFound />;
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>{t('job.error.title')}</Title>
      <Alert color="red" role="alert">
        {t('state.error', { message: error instanceof Error ? error.message : String(error) })}
      </Alert>
      <Button
        variant="default"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
        w="fit-content"
      >
        {t('state.retry')}
      </Button>
    </Stack>
  );
}
