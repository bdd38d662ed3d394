import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { ApiProblem } from '../../shared/api/client';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { GroupDetailsForm } from './group-details-form';
import { GroupJobsSection } from './group-jobs-section';
import { GroupSummary } from './group-summary';
import { useGroup } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

/** A group (docs/console.md#groups): its derived values, its jobs (add, remove), its own fields. */
export function GroupPage() {
  const { groupId } = useParams({ from: '/signed-in/groups/$groupId' });
  const { data: group, error, isPending, refetch } = useGroup(groupId);
  const canEdit = useCan('projects');
  const { user } = useSession();

  if (isPending) return <Loading label={t('state.loading')} />;
  if (error instanceof ApiProblem && error.status === 404) return <GroupNotFound />;
  if (error) return <LoadProblem error={error} onRetry={refetch} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/groups" size="sm">
          {t('group.backToList')}
        </Anchor>
        <Title order={1}>{group.name}</Title>
        <Text c="dimmed" size="sm">
          {group.client ? t('group.forClient', { client: group.client.name }) : t('group.noClient')}
        </Text>
      </Stack>
      {!canEdit && (
        <Alert color="gray" variant="light">
          {t('readOnly.notice', { role: t(`role.${user.role}`) })}
        </Alert>
      )}
      <GroupSummary group={group} />
      <GroupJobsSection group={group} canEdit={canEdit} />
      <GroupDetailsForm key={group.id} group={group} canEdit={canEdit} />
    </Stack>
  );
}

function GroupNotFound() {
  return (
    <Stack gap="sm">
      <Title order={1}>{t('group.notFound.title')}</Title>
      <Text>{t('group.notFound.text')}</Text>
      <Anchor component={Link} to="/groups">
        {t('group.backToList')}
      </Anchor>
    </Stack>
  );
}
