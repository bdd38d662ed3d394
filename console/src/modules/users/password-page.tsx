import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSession } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { PasswordField } from '../../shared/ui/password-field';
import { useChangePassword } from './queries';

/** Passwords have 10 to 256 characters, as people count them (docs/access.md#passwords). */
const length = (value: string) => [...value].length;

/**
 * `/settings/password`: the signed-in user changes their own password (POST /v2/auth/password).
 * Every role may (own access); the API ends the user's other sessions, this one goes on.
 */
export function PasswordPage() {
  const session = useSession();
  const change = useChangePassword();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirm: '' },
    validate: {
      currentPassword: (value) => (value === '' ? t('ownPassword.required') : null),
      password: (value) => (length(value) < 10 || length(value) > 256 ? t('password.hint') : null),
      confirm: (value, values) => (value !== values.password ? t('password.mismatch') : null),
    },
  });

  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>{t('ownPassword.title')}</Title>
      <Text c="dimmed">{t('ownPassword.intro')}</Text>
      {done && (
        <Alert color="green" role="status">
          {t('ownPassword.done')}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={form.onSubmit(({ currentPassword, password }) => {
          setProblem(undefined);
          setDone(false);
          change.mutate(
            { currentPassword, password },
            {
              onSuccess: () => {
                form.reset();
                setDone(true);
              },
              onError: (error) => setProblem(showProblem(form, error)),
            },
          );
        })}
      >
        <Stack gap="sm">
          {/* The user's e-mail, for password managers that file the new password under it. */}
          <input type="email" name="username" autoComplete="username" value={session.user.email ?? ''} readOnly hidden />
          <PasswordField
            label={t('ownPassword.current')}
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            description={t('password.hint')}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField label={t('password.again')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('ownPassword.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
