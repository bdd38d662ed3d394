import { Alert, Button, Divider, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PortalKey } from './i18n';
import { linkProblemKey, redeemSignInLink } from './queries';
import { PasswordSignInForm } from './password-sign-in-form';
import { PortalCard } from './portal-card';
import { RequestLinkForm } from './request-link-form';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/** The token of the link, in the fragment (`#token=…`), which the browser never sends to a server. */
const tokenInAddress = (): string => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** Takes the token out of the address bar (and the history), once the page has read it. */
function forgetTokenInAddress(): void {
  if (tokenInAddress()) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * `/portal/sign-in#token=…`: redeems the link and goes to the portal's home. A link that cannot
 * be used (used, replaced, expired, not valid) says why; then, as without a token, the page offers
 * to e-mail a new link.
 */
export function PortalSignInPage() {
  const { t } = usePortalText();
  const { expired, signedOut } = useSearch({ strict: false });
  const [token] = useState(tokenInAddress);
  const [problem, setProblem] = useState<PortalKey>();
  // A new link is on its way: what was wrong with the old one no longer matters.
  const [newLinkSent, setNewLinkSent] = useState(false);
  // Links first (no password to remember); a password for those who chose one.
  const [withPassword, setWithPassword] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    forgetTokenInAddress();
    if (!token) return;
    let live = true;
    redeemSignInLink(queryClient, token).then(
      () => {
        if (live) void navigate({ to: '/portal', replace: true });
      },
      (error: unknown) => {
        if (live) setProblem(linkProblemKey(error));
      },
    );
    return () => {
      live = false;
    };
  }, [token, queryClient, navigate]);

  if (token && !problem)
    return (
      <PortalCard title={t('signIn.title')}>
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('signIn.signingIn')}</Text>
        </Group>
      </PortalCard>
    );
  return (
    <PortalCard title={t('signIn.title')}>
      {problem && !newLinkSent && (
        <Alert color="red" role="alert">
          {t(problem)}
        </Alert>
      )}
      {!problem && expired && (
        <Alert color="yellow" role="status">
          {t('signIn.ended')}
        </Alert>
      )}
      {!problem && signedOut && (
        <Alert color="green" role="status">
          {t('signIn.signedOut')}
        </Alert>
      )}
      {withPassword ? <PasswordSignInForm /> : <RequestLinkForm onSent={() => setNewLinkSent(true)} />}
      <Divider />
      <Button variant="subtle" classNames={{ root: classes.wrapping, label: classes.label }} onClick={() => setWithPassword((shown) => !shown)}>
        {t(withPassword ? 'signIn.password.hide' : 'signIn.password.show')}
      </Button>
    </PortalCard>
  );
}
