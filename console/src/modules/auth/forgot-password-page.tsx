import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './queries';

/**
 * `/forgot-password` (docs/console.md#signing-in): asks for a reset link by e-mail
 * (`POST /v2/auth/password-reset`). The API answers the same whether or not the address is known,
 * so the page does too, and says whom to ask when no e-mail comes (a server that sends none).
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: (value) => (/^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('forgot.emailInvalid')) },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(undefined);
    try {
      const email = values.email.trim();
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setProblem(showProblem(form, error));
    }
  });

  return (
    <AuthCard title={t('forgot.title')} intro={sentTo ? undefined : t('forgot.intro')}>
      {sentTo ? (
        <Alert color="green" role="status">
          {t('forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <TextInput label={t('signIn.email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
            <Button type="submit" loading={form.submitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        {t('forgot.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
