import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { renderRoleOption, roleHelp, roleOptions } from './invite-user-modal';
import { useUpdateUser } from './queries';
import type { Role, User } from './user-rules';

/** "Change role…" of a user (PUT /v2/users/:id with `role`): the roles the caller may give; the API's refusal in words. */
export function ChangeRoleModal({ user, roles, onClose }: { user: User | undefined; roles: readonly Role[]; onClose: () => void }) {
  const update = useUpdateUser();
  const [role, setRole] = useState<Role | null>(null);
  const close = () => {
    setRole(null);
    update.reset();
    onClose();
  };
  const chosen = role ?? user?.role ?? null;
  return (
    <Modal
      opened={user !== undefined}
      onClose={close}
      title={user ? t('users.role.title', { name: user.name }) : ''}
      size="lg"
      lockScroll={false}
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      {user && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen || chosen === user.role) return close();
            update.mutate(
              { id: user.id, body: { role: chosen } },
              {
                onSuccess: (changed) => {
                  notifications.show({
                    closeButtonProps: { 'aria-label': t('action.close') },
                    message: t('users.role.done', { name: changed.name, role: t(`role.${changed.role}`) }),
                    color: 'teal',
                  });
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            {update.error && (
              <Alert color="red" role="alert">
                {update.error.message}
              </Alert>
            )}
            <Text size="sm">{t('users.role.current', { role: t(`role.${user.role}`) })}</Text>
            <Select
              label={t('users.field.role')}
              data={roleOptions(roles)}
              renderOption={renderRoleOption}
              description={roleHelp(chosen)}
              value={chosen}
              onChange={(value) => setRole(value)}
              allowDeselect={false}
              data-autofocus
              comboboxProps={{ withinPortal: false }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('action.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending}>
                {t('users.role.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
