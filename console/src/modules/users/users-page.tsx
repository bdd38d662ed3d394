import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCan, useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { ChangeRoleModal } from './change-role-modal';
import { ConfirmAction } from '../../shared/ui/confirm-action';
import { InviteUserModal } from './invite-user-modal';
import { usersQuery, useResendInvitation, useResetLink, useUpdateUser, type UserLink } from './queries';
import { SingleUseLinkResult } from '../../shared/ui/single-use-link';
import { assignableRoles, userActions, type Caller, type User } from './user-rules';
import { UsersTable, type UserCommand } from './users-table';
import { Loading } from '../../shared/ui/loading';
import { LoadProblem } from '../../shared/ui/load-problem';

/** The link just made for a user, shown once. */
interface MadeLink {
  kind: 'invitation' | 'reset';
  user: User;
  link: UserLink;
}

/**
 * `/settings/users` (docs/console.md#users-and-api-keys): the account's users; an owner or an
 * admin invites, changes roles, disables and enables, and makes invitation and reset links.
 */
export function UsersPage() {
  const session = useSession();
  const caller: Caller = { id: session.user.id, role: session.user.role, canChangeUsers: useCan('users') };
  const { data: users, error, isPending, refetch } = useQuery(usersQuery);
  const [inviting, invite] = useDisclosure(false);
  const [roleOf, setRoleOf] = useState<User>();
  const [disabling, setDisabling] = useState<User>();
  const [made, setMade] = useState<MadeLink>();
  const update = useUpdateUser();
  const resend = useResendInvitation();
  const reset = useResetLink();

  const failed = (problem: Error) => notifications.show({ closeButtonProps: { 'aria-label': t('action.close') }, color: 'red', message: problem.message });
  const onCommand = (command: UserCommand, user: User) => {
    if (command === 'role') setRoleOf(user);
    else if (command === 'disable') setDisabling(user);
    else if (command === 'enable')
      update.mutate(
        { id: user.id, body: { disabled: false } },
        {
          onSuccess: (changed) =>
            notifications.show({
              closeButtonProps: { 'aria-label': t('action.close') },
              color: 'teal',
              message: t(changed.status === 'invited' ? 'users.enable.invited' : 'users.enable.done', { name: changed.name }),
            }),
          onError: failed,
        },
      );
    else if (command === 'resendInvitation') resend.mutate(user.id, { onSuccess: (link) => setMade({ kind: 'invitation', user, link }), onError: failed });
    else reset.mutate(user.id, { onSuccess: (link) => setMade({ kind: 'reset', user, link }), onError: failed });
  };
  const closeDisable = () => {
    setDisabling(undefined);
    update.reset();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('users.title')}</Title>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/settings/password">
            {t('users.ownPassword')}
          </Button>
          {caller.canChangeUsers && <Button onClick={invite.open}>{t('users.invite')}</Button>}
        </Group>
      </Group>
      <Text c="dimmed">{t('users.intro')}</Text>
      {!caller.canChangeUsers && (
        <Alert color="gray" role="note">
          {t('users.readOnly', { role: t(`role.${caller.role}`) })}
        </Alert>
      )}
      {error ? (
        <LoadProblem error={error} onRetry={refetch} />
      ) : isPending ? (
        <Loading label={t('state.loading')} />
      ) : users.length === 0 ? (
        <Text>{t('users.empty')}</Text>
      ) : (
        <UsersTable users={users} caller={caller} onCommand={onCommand} />
      )}

      {caller.canChangeUsers && (
        <>
          <InviteUserModal opened={inviting} roles={assignableRoles(caller)} onClose={invite.close} />
          <ChangeRoleModal
            user={roleOf}
            roles={roleOf && users ? (userActions(caller, roleOf, users)?.roles ?? []) : []}
            onClose={() => setRoleOf(undefined)}
          />
          <ConfirmAction
            opened={disabling !== undefined}
            title={t('users.disable.title', { name: disabling?.name ?? '' })}
            text={t('users.disable.text', { name: disabling?.name ?? '' })}
            confirm={t('users.disable.confirm')}
            pending={update.isPending}
            error={update.error?.message}
            onClose={closeDisable}
            onConfirm={() =>
              disabling &&
              update.mutate(
                { id: disabling.id, body: { disabled: true } },
                {
                  onSuccess: (changed) => {
                    notifications.show({
                      closeButtonProps: { 'aria-label': t('action.close') },
                      color: 'teal',
                      message: t('users.disable.done', { name: changed.name }),
                    });
                    closeDisable();
                  },
                },
              )
            }
          />
          <Modal
            opened={made !== undefined}
            onClose={() => setMade(undefined)}
            title={made ? t(made.kind === 'invitation' ? 'users.link.invitationTitle' : 'users.link.resetTitle', { name: made.user.name }) : ''}
            size="lg"
            lockScroll={false}
            closeButtonProps={{ 'aria-label': t('action.close') }}
          >
            {made && (
              <Stack>
                <SingleUseLinkResult
                  link={made.link}
                  label={t(made.kind === 'invitation' ? 'users.link.invitation' : 'users.link.reset')}
                  email={made.user.email ?? ''}
                />
                <Text size="sm">{t('users.link.replaced')}</Text>
                <Group justify="flex-end">
                  <Button onClick={() => setMade(undefined)}>{t('action.close')}</Button>
                </Group>
              </Stack>
            )}
          </Modal>
        </>
      )}
    </Stack>
  );
}
