import { createRoute } from '@tanstack/react-router';
import type { MessageKey } from '../../i18n';
import { placeholderPage } from '../placeholders/placeholder-page';
import { settingsRoute } from './settings-route';

/** The account's settings, its master data and its CAT configurations, under `/settings/`. */
const PAGES = [
  { path: 'account', title: 'settings.nav.account' },
  { path: 'services', title: 'settings.nav.services' },
  { path: 'units', title: 'settings.nav.units' },
  { path: 'match-categories', title: 'settings.nav.matchCategories' },
  { path: 'language-pairs', title: 'settings.nav.languagePairs' },
  { path: 'domains', title: 'settings.nav.domains' },
  { path: 'taxes', title: 'settings.nav.taxes' },
  { path: 'labels', title: 'settings.nav.labels' },
  { path: 'cat-configurations', title: 'settings.nav.catConfigurations' },
] as const satisfies readonly { path: string; title: MessageKey }[];

export const settingsPageRoutes = PAGES.map(({ path, title }) => createRoute({ getParentRoute: () => settingsRoute, path, component: placeholderPage(title) }));
