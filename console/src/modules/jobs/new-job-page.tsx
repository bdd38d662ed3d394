import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { NewJobForm } from './new-job/new-job-form';

/** `/jobs/new` (docs/console.md#new-job): the form, for the roles that may create jobs. */
export function NewJobPage() {
  const canCreate = useCan('projects');
  const { user } = useSession();
  return (
    <Stack gap="md">
      <Title order={1}>{t('newJob.title')}</Title>
      {canCreate ? (
        <NewJobForm />
      ) : (
        <>
          <Alert color="gray" variant="outline" role="status">
            {t('newJob.notAllowed', { role: t(`role.${user.role}`) })}
          </Alert>
          <Anchor component={Link} to="/jobs" w="fit-content">
            {t('newJob.backToJobs')}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
