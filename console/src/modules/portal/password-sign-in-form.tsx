import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { PortalPasswordInput } from './password-input';
import { signInWithPassword } from './password-queries';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/**
 * Signing in with the e-mail address and the password a person chose (docs/supplier-portal.md#passwords).
 * The server answers every refusal alike (wrong address, wrong password, no password chosen), and so does the form.
 */
export function PasswordSignInForm() {
  const { t } = usePortalText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('requestLink.emailInvalid')),
      password: (value) => (value === '' ? t('signIn.password.wrong') : null),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setProblem(undefined);
    try {
      await signInWithPassword(queryClient, { email: email.trim(), password });
      await navigate({ to: '/portal', replace: true });
    } catch (error) {
      const status = error instanceof ApiProblem ? error.status : 0;
      setProblem(status === 401 || status === 400 ? t('signIn.password.wrong') : status === 429 ? t('problem.throttled') : t('problem.generic'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="portal-password-sign-in">
      <Stack gap="sm">
        <Title order={2} size="h4" id="portal-password-sign-in">
          {t('signIn.password.title')}
        </Title>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label={t('requestLink.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          size="md"
          classNames={{ input: classes.target }}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PortalPasswordInput
          label={t('signIn.password.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" classNames={{ root: classes.wrapping, label: classes.label }} loading={form.submitting}>
          {t('signIn.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
