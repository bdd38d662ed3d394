import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, type SelectProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { useInviteUser, type CreatedUser } from './queries';
import { SingleUseLinkResult } from '../../shared/ui/single-use-link';
import type { Role } from './user-rules';
import { LIMITS } from '../../shared/api/limits.gen';

/** What the e-mail field takes: what the API's `email-address` format takes, roughly (the API has the last word). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const roleOptions = (roles: readonly Role[]) => roles.map((role) => ({ value: role, label: t(`role.${role}`) }));

/**
 * A role in the list with what it may do under its name; the field itself shows the name only (the
 * whole sentence was cut off in the field) and the chosen role's help as its description.
 */
export const renderRoleOption: SelectProps['renderOption'] = ({ option }) => (
  <Stack gap={0}>
    <Text size="sm">{option.label}</Text>
    <Text size="xs" c="dimmed">
      {t(`users.roleHelp.${option.value as Role}`)}
    </Text>
  </Stack>
);

export const roleHelp = (role: string | null | undefined) => (role ? t(`users.roleHelp.${role as Role}`) : undefined);

/**
 * "Invite a user": e-mail, role and optionally a name (POST /v2/users). The answer's invitation link
 * is shown in the same dialog, with whether it was e-mailed.
 */
export function InviteUserModal({ opened, roles, onClose }: { opened: boolean; roles: readonly Role[]; onClose: () => void }) {
  const invite = useInviteUser();
  const [problem, setProblem] = useState<string>();
  const [created, setCreated] = useState<CreatedUser>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '', role: 'viewer' as Role },
    validate: {
      email: (value) =>
        value.trim() === ''
          ? t('users.field.emailRequired')
          : value.trim().length > LIMITS.text
            ? t('users.field.tooLong')
            : EMAIL.test(value.trim())
              ? null
              : t('users.field.emailInvalid'),
      name: (value) => (value.trim().length > LIMITS.text ? t('users.field.tooLong') : null),
    },
  });
  const close = () => {
    form.reset();
    setProblem(undefined);
    setCreated(undefined);
    invite.reset();
    onClose();
  };

  return (
    <Modal lockScroll={false} opened={opened} onClose={close} title={t('users.invite')} size="lg" closeButtonProps={{ 'aria-label': t('action.close') }}>
      {created?.invitation ? (
        <Stack>
          <Alert color="green" role="status">
            {t('users.invite.done', { name: created.name, role: t(`role.${created.role}`) })}
          </Alert>
          <SingleUseLinkResult link={created.invitation} label={t('users.link.invitation')} email={created.email ?? ''} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('action.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setProblem(undefined);
            const name = values.name.trim();
            invite.mutate(
              { email: values.email.trim(), role: values.role, ...(name ? { name } : {}) },
              { onSuccess: setCreated, onError: (error) => setProblem(showProblem(form, error)) },
            );
          })}
        >
          <Stack gap="sm">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput
              label={t('users.field.email')}
              type="email"
              required
              data-autofocus
              maxLength={LIMITS.text}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <Select
              label={t('users.field.role')}
              data={roleOptions(roles)}
              renderOption={renderRoleOption}
              description={roleHelp(form.values.role)}
              allowDeselect={false}
              required
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('role')}
            />
            <TextInput
              label={t('users.field.name')}
              description={t('users.field.nameHint')}
              maxLength={LIMITS.text}
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('action.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('users.invite.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
