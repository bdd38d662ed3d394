import { Box, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { t, type MessageKey } from '../../shared/i18n';

type SettingsPath =
  | '/settings/account'
  | '/settings/exchange-rates'
  | '/settings/services'
  | '/settings/units'
  | '/settings/match-categories'
  | '/settings/language-pairs'
  | '/settings/domains'
  | '/settings/taxes'
  | '/settings/labels'
  | '/settings/cat-configurations'
  | '/settings/prices'
  | '/settings/users'
  | '/settings/api-keys';

/**
 * The settings' pages, in the order of the settings' navigation, under their headings. Every role
 * sees every link: every role reads everything (users included) and manages its own API keys; a
 * page the role may not change shows itself read-only (docs/console.md#settings).
 */
const SECTIONS: { heading: MessageKey; links: { to: SettingsPath; label: MessageKey }[] }[] = [
  {
    heading: 'settings.nav.agency',
    links: [
      { to: '/settings/account', label: 'settings.nav.account' },
      { to: '/settings/exchange-rates', label: 'settings.nav.exchangeRates' },
    ],
  },
  {
    heading: 'settings.nav.masterData',
    links: [
      { to: '/settings/services', label: 'settings.nav.services' },
      { to: '/settings/units', label: 'settings.nav.units' },
      { to: '/settings/match-categories', label: 'settings.nav.matchCategories' },
      { to: '/settings/language-pairs', label: 'settings.nav.languagePairs' },
      { to: '/settings/domains', label: 'settings.nav.domains' },
      { to: '/settings/taxes', label: 'settings.nav.taxes' },
      { to: '/settings/labels', label: 'settings.nav.labels' },
      { to: '/settings/cat-configurations', label: 'settings.nav.catConfigurations' },
      { to: '/settings/prices', label: 'settings.nav.prices' },
    ],
  },
  {
    heading: 'settings.nav.access',
    links: [
      { to: '/settings/users', label: 'settings.nav.users' },
      { to: '/settings/api-keys', label: 'settings.nav.apiKeys' },
    ],
  },
];

/** The settings' frame: a navigation of its own beside the page opened. */
export function SettingsLayout() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  return (
    // A narrow navigation of its own, the page taking the rest: the settings' tables need the width.
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Box component="nav" aria-label={t('settings.nav.label')} w={176} flex="none">
        <Stack gap="md">
          {SECTIONS.map((section) => (
            <div key={section.heading}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                {t(section.heading)}
              </Text>
              {section.links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={t(link.label)}
                  variant="filled"
                  active={path === link.to || path.startsWith(`${link.to}/`)}
                  aria-current={path === link.to ? 'page' : undefined}
                />
              ))}
            </div>
          ))}
        </Stack>
      </Box>
      <Box flex={1} miw={0}>
        <Outlet />
      </Box>
    </Group>
  );
}
