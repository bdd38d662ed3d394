import { Anchor, Box, Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../shared/ui/anchor-link';
import { useEffect } from 'react';
import { LANGUAGE_NAMES, PORTAL_LANGUAGES } from './i18n';
import { clientMay } from './client/access';
import { signOutOfPortal, useChangeLanguage } from './queries';
import { portalHooks, portalSessionQuery, usePortalPerson } from './session';
import { usePortalText } from './use-portal-text';
import classes from './portal.module.css';

/**
 * The portal's signed-in frame: a top bar (the agency's logo and name, the person's party, the language
 * menu, "Sign out"), the portal's own navigation (their work; a supplier's periods away and invoices) and the
 * page. None of the agency console's frame.
 */
export function PortalFrame() {
  const person = usePortalPerson();
  const { t, language } = usePortalText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const changeLanguage = useChangeLanguage();

  // A session that ends while the portal is open (idle, access withdrawn): back to sign-in.
  useEffect(() => {
    portalHooks.onUnauthorized = () => {
      // Leave the frame first: its components need the session until they are gone.
      void navigate({ to: '/portal/sign-in', search: { expired: true } }).then(() => queryClient.setQueryData(portalSessionQuery.queryKey, null));
    };
    return () => {
      portalHooks.onUnauthorized = () => {};
    };
  }, [navigate, queryClient]);

  const signOut = () => void signOutOfPortal(queryClient, () => navigate({ to: '/portal/sign-in', search: { signedOut: true } }));

  return (
    <>
      <Anchor href="#main" className="skip-link">
        {t('nav.skip')}
      </Anchor>
      <Box component="header" className={classes.header}>
        <div className={classes.bar}>
          <div className={classes.identity}>
            {/* The agency's logo beside its name (the name says who it is: the image is decoration). */}
            {person.agency.hasLogo && <img src="/v2/portal/agency/logo" alt="" className={classes.logo} />}
            <div className={classes.names}>
              <Text fw={700} size="lg" lh={1.3}>
                {person.agency.name}
              </Text>
              <Text size="sm" c="dimmed" lh={1.3}>
                {person.party.name}
              </Text>
            </div>
          </div>
          <div className={classes.actions}>
            {/* Without Mantine's first-focus placeholder (a focusable element that is no menu item, which axe refuses in a menu): the focus goes to the first language. */}
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button variant="default" className={classes.target} loading={changeLanguage.isPending} rightSection={<Chevron />}>
                  <VisuallyHidden>{t('frame.language')}: </VisuallyHidden>
                  {LANGUAGE_NAMES[language]}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {PORTAL_LANGUAGES.map((code) => (
                  <Menu.Item
                    key={code}
                    lang={code}
                    mih={44}
                    fw={code === language ? 700 : undefined}
                    aria-current={code === language ? 'true' : undefined}
                    onClick={() => {
                      if (code === language) return;
                      changeLanguage.mutate(code, {
                        onError: () => notifications.show({ color: 'red', message: t('language.failed') }),
                      });
                    }}
                  >
                    {LANGUAGE_NAMES[code]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button variant="default" className={classes.target} onClick={signOut}>
              {t('frame.signOut')}
            </Button>
          </div>
        </div>
        <nav aria-label={t('nav.label')} className={classes.nav}>
          <AnchorLink to="/portal" activeOptions={{ exact: true }} className={classes.navLink}>
            {t(person.party.kind === 'client' ? 'nav.home' : 'nav.work')}
          </AnchorLink>
          {person.party.kind === 'supplier' && (
            <>
              <AnchorLink to="/portal/away" className={classes.navLink}>
                {t('nav.away')}
              </AnchorLink>
              <AnchorLink to="/portal/invoices" className={classes.navLink}>
                {t('nav.invoices')}
              </AnchorLink>
            </>
          )}
          {clientMay(person, 'request') && (
            <AnchorLink to="/portal/client/requests" className={classes.navLink}>
              {t('nav.requests')}
            </AnchorLink>
          )}
          {/* A client's person: their jobs, and their quotes and invoices as their permissions allow. */}
          {person.party.kind === 'client' && (
            <AnchorLink to="/portal/client/jobs" className={classes.navLink}>
              {t('nav.jobs')}
            </AnchorLink>
          )}
          {clientMay(person, 'approve') && (
            <AnchorLink to="/portal/client/quotes" className={classes.navLink}>
              {t('nav.quotes')}
            </AnchorLink>
          )}
          {clientMay(person, 'invoices') && (
            <AnchorLink to="/portal/client/invoices" className={classes.navLink}>
              {t('nav.invoices')}
            </AnchorLink>
          )}
          <AnchorLink to="/portal/password" className={classes.navLink}>
            {t('nav.password')}
          </AnchorLink>
        </nav>
      </Box>
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
    </>
  );
}

/** The mark of a button that opens a menu. */
function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
