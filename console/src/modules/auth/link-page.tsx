import { PasswordField } from '../../shared/ui/password-field';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { signedIn } from '../../shared/session/session';
import { t, type MessageKey } from '../../shared/i18n';
import { showProblem } from '../../shared/ui/form-errors';
import { AuthCard } from './auth-card';
import { acceptInvitation, confirmPasswordReset, setUpOwner } from './queries';

export interface LinkValues {
  token: string;
  email: string;
  name: string;
  password: string;
}

/** One page that redeems a single-use link (`…#token=`): what it asks and where it sends. */
export interface LinkPageSettings {
  title: MessageKey;
  intro: MessageKey;
  submit: MessageKey;
  /** The extra field before the passwords. */
  extra?: 'email' | 'name';
  /** Calls the API; answers the new session's CSRF token when it signs the person in. */
  redeem: (values: LinkValues) => Promise<{ csrfToken: string } | undefined>;
}

/** The token of the link, in the fragment (`#token=…`), which the browser never sends to a server. */
const tokenInAddress = (): string => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** Takes the token out of the address bar (and the history), once the page has read it. */
function forgetTokenInAddress(): void {
  if (tokenInAddress()) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

export function linkPage(settings: LinkPageSettings) {
  return function LinkPage() {
    const [token] = useState(tokenInAddress);
    useEffect(forgetTokenInAddress, []);
    const [problem, setProblem] = useState<string>();
    const [done, setDone] = useState(false);
    const queryClient = useQueryClient();
    const router = useRouter();
    const form = useForm({
      mode: 'uncontrolled',
      initialValues: { email: '', name: '', password: '', confirm: '' },
      validate: {
        email: (value) => (settings.extra === 'email' && value.trim() === '' ? t('ownerSetup.email') : null),
        password: (value) => (value.length < 10 ? t('password.hint') : null),
        confirm: (value, values) => (value !== values.password ? t('password.mismatch') : null),
      },
    });

    const submit = form.onSubmit(async ({ email, name, password }) => {
      setProblem(undefined);
      try {
        const session = await settings.redeem({ token, email: email.trim(), name: name.trim(), password });
        if (session) {
          await signedIn(queryClient, session.csrfToken);
          router.history.push('/');
        } else setDone(true);
      } catch (error) {
        setProblem(showProblem(form, error));
      }
    });

    if (!token)
      return (
        <AuthCard title={t(settings.title)}>
          <Alert color="yellow" role="alert">
            {t('link.missingToken')}
          </Alert>
        </AuthCard>
      );
    if (done)
      return (
        <AuthCard title={t(settings.title)}>
          <Alert color="green" role="status">
            {t('reset.done')}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            {t('reset.toSignIn')}
          </Anchor>
        </AuthCard>
      );
    return (
      <AuthCard title={t(settings.title)} intro={t(settings.intro)}>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {settings.extra === 'email' && (
              <TextInput label={t('ownerSetup.email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
            )}
            {settings.extra === 'name' && <TextInput label={t('invitation.name')} autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />}
            <PasswordField
              label={t('password.new')}
              description={t('password.hint')}
              autoComplete="new-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordField label={t('password.again')} autoComplete="new-password" required key={form.key('confirm')} {...form.getInputProps('confirm')} />
            <Button type="submit" loading={form.submitting}>
              {t(settings.submit)}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  };
}

export const SetPasswordPage = linkPage({
  title: 'ownerSetup.title',
  intro: 'ownerSetup.intro',
  submit: 'ownerSetup.submit',
  extra: 'email',
  redeem: ({ token, email, password }) => setUpOwner({ token, email, password }),
});

export const AcceptInvitationPage = linkPage({
  title: 'invitation.title',
  intro: 'invitation.intro',
  submit: 'invitation.submit',
  extra: 'name',
  redeem: ({ token, name, password }) => acceptInvitation({ token, password, ...(name ? { name } : {}) }),
});

export const ResetPasswordPage = linkPage({
  title: 'reset.title',
  intro: 'reset.intro',
  submit: 'reset.submit',
  redeem: async ({ token, password }) => {
    await confirmPasswordReset({ token, password });
    return undefined;
  },
});
