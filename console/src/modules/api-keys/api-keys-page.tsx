import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ConfirmAction } from '../../shared/ui/confirm-action';
import { usersQuery } from '../users';
import { ApiKeysTable } from './api-keys-table';
import { NewKeyModal } from './new-key-modal';
import { apiKeysQuery, useRevokeApiKey, type ApiKey } from './queries';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

/**
 * `/settings/api-keys` (docs/console.md#users-and-api-keys): every role manages its own keys; the
 * list is what the API answers the caller (every key of the account for an owner or an admin).
 */
export function ApiKeysPage() {
  const session = useSession();
  const search = useSearch({ from: '/signed-in/settings/api-keys' });
  const navigate = useNavigate({ from: '/settings/api-keys' });
  // Owners and admins (the roles that change users) manage every user's keys (docs/access.md#api-keys).
  const managesAll = useCan('users');
  const writes = session.writableAreas.some((area) => area !== 'own-access');
  const { data: keys, error, isPending, refetch } = useQuery(apiKeysQuery(search.user));
  const { data: users } = useQuery({ ...usersQuery, enabled: managesAll });
  const [creating, create] = useDisclosure(false);
  const [revoking, setRevoking] = useState<ApiKey>();
  const revoke = useRevokeApiKey();
  const closeRevoke = () => {
    setRevoking(undefined);
    revoke.reset();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('apiKeys.title')}</Title>
        <Button onClick={create.open}>{t('apiKeys.new')}</Button>
      </Group>
      <Text c="dimmed">
        {t('apiKeys.intro')} {managesAll ? t('apiKeys.introAll') : t('apiKeys.introOwn')}
      </Text>
      {!writes && (
        <Alert color="gray" role="note">
          {t('apiKeys.readOnlyRole', { role: t(`role.${session.user.role}`) })}
        </Alert>
      )}
      {managesAll && users && (
        <Select
          label={t('apiKeys.filter.user')}
          data={[{ value: '', label: t('apiKeys.filter.allUsers') }, ...users.map((user) => ({ value: user.id, label: user.name }))]}
          value={search.user ?? ''}
          onChange={(value) => void navigate({ search: value ? { user: value } : {}, replace: true })}
          allowDeselect={false}
          searchable
          w={280}
        />
      )}
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : keys.length === 0 ? (
        <Text>{search.user ? t('apiKeys.emptyFiltered') : t('apiKeys.empty')}</Text>
      ) : (
        <ApiKeysTable keys={keys} onRevoke={setRevoking} />
      )}
      <NewKeyModal opened={creating} me={session.user.id} users={managesAll ? users : undefined} onClose={create.close} />
      <ConfirmAction
        opened={revoking !== undefined}
        title={t('apiKeys.revoke.title', { name: revoking?.name || revoking?.prefix || '' })}
        text={t('apiKeys.revoke.text', { prefix: revoking?.prefix ?? '' })}
        confirm={t('apiKeys.revoke')}
        pending={revoke.isPending}
        error={revoke.error?.message}
        onClose={closeRevoke}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notifications.show({
                closeButtonProps: { 'aria-label': t('action.close') },
                color: 'teal',
                message: t('apiKeys.revoke.done', { name: revoking.name || revoking.prefix }),
              });
              closeRevoke();
            },
          })
        }
      />
    </Stack>
  );
}
