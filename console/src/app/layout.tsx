import { AppShell, Burger, Group, Menu, NavLink, Text, UnstyledButton, Anchor, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { t, type MessageKey } from '../shared/i18n';
import { signOut, useSession } from '../shared/session/session';
import { GlobalSearch } from '../modules/search';

/** The links of the navigation, in order (docs/console.md#pages). */
const NAVIGATION: { to: string; label: MessageKey }[] = [
  { to: '/', label: 'nav.dashboard' },
  { to: '/jobs', label: 'nav.jobs' },
  { to: '/groups', label: 'nav.groups' },
  { to: '/requests', label: 'nav.requests' },
  { to: '/clients', label: 'nav.clients' },
  { to: '/suppliers', label: 'nav.suppliers' },
  { to: '/quotes', label: 'nav.quotes' },
  { to: '/invoices', label: 'nav.invoices' },
  { to: '/purchase-orders', label: 'nav.purchaseOrders' },
  { to: '/supplier-invoices', label: 'nav.supplierInvoices' },
  { to: '/reports', label: 'nav.reports' },
  { to: '/imports', label: 'nav.imports' },
  { to: '/exports', label: 'nav.exports' },
  { to: '/webhooks', label: 'nav.webhooks' },
  { to: '/settings', label: 'nav.settings' },
];

/** The signed-in frame: a header (search, account menu), the navigation, and the page. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  // Below the `sm` breakpoint the closed navigation is only moved out of the window: inert, so
  // that Tab does not walk through links nobody can see.
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isActive = (to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <Anchor href="#main" className="skip-link">
        {t('nav.skip')}
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Text fw={700} size="lg">
              {t('app.name')}
            </Text>
          </Group>
          <GlobalSearch />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton>
                <Text size="sm" fw={500}>
                  {session.user.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`role.${session.user.role}`)}
                </Text>
                <VisuallyHidden>{t('user.menu')}</VisuallyHidden>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to="/settings/name">
                {t('user.changeName')}
              </Menu.Item>
              <Menu.Item component={Link} to="/settings/password">
                {t('user.changePassword')}
              </Menu.Item>
              <Menu.Item
                onClick={() => {
                  void signOut(queryClient, () => navigate({ to: '/sign-in', search: {} }));
                }}
              >
                {t('user.signOut')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.label')} inert={narrow === true && !opened}>
        {NAVIGATION.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.label)}
            variant="filled"
            active={isActive(item.to)}
            aria-current={isActive(item.to) ? 'page' : undefined}
            onClick={close}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <VisuallyHidden aria-live="polite" id="route-announcer" />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
