import { PasswordField } from '../../shared/ui/password-field';
import { Alert, Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiProblem } from '../../shared/api/client';
import { safeReturnPath, signedIn } from '../../shared/session/session';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { AuthCard } from './auth-card';
import { authMethodsQuery, signIn } from './queries';

/** Sign-in with an e-mail and a password (and single sign-on when the server has it). */
export function SignInPage() {
  const { returnTo, expired } = useSearch({ strict: false });
  const router = useRouter();
  const queryClient = useQueryClient();
  const methods = useQuery(authMethodsQuery);
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() === '' ? t('signIn.failed') : null),
      password: (value) => (value === '' ? t('signIn.failed') : null),
    },
  });
  const target = safeReturnPath(returnTo);

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const answer = await signIn(values);
      await signedIn(queryClient, answer.csrfToken);
      router.history.push(target);
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) setProblem(t('signIn.failed'));
      else if (error instanceof ApiProblem && error.status === 429) setProblem(t('signIn.throttled'));
      else setProblem(showProblem(form, error));
    }
  });

  return (
    <AuthCard title={t('signIn.title')}>
      {expired && (
        <Alert color="yellow" role="status">
          {t('signIn.expired')}
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('signIn.email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordField label={t('signIn.password')} autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting}>
            {t('signIn.submit')}
          </Button>
        </Stack>
      </form>
      {methods.data?.oidc && (
        <>
          <Divider label={t('signIn.or')} />
          <Button variant="default" component="a" href={`/v2/auth/oidc/start?returnTo=${encodeURIComponent(target)}`}>
            {t('signIn.sso', { name: methods.data.oidc.name })}
          </Button>
        </>
      )}
      <Anchor component={Link} to="/forgot-password" size="sm" w="fit-content">
        {t('signIn.forgot')}
      </Anchor>
    </AuthCard>
  );
}
