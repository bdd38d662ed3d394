/** The console's text: the settings' frame and pages (docs/console.md#text). */
export const settings = {
  'settings.nav.label': 'Settings',
  'settings.nav.agency': 'Agency',
  'settings.nav.account': 'Account',
  'settings.nav.masterData': 'Master data',
  'settings.nav.services': 'Services',
  'settings.nav.units': 'Units',
  'settings.nav.matchCategories': 'Match categories',
  'settings.nav.languagePairs': 'Language pairs',
  'settings.nav.domains': 'Domains',
  'settings.nav.taxes': 'Taxes',
  'settings.nav.labels': 'Labels',
  'settings.nav.catConfigurations': 'CAT configurations',
  'settings.nav.prices': 'Prices',
  'settings.nav.access': 'Access',
  'settings.nav.users': 'Users',
  'settings.nav.apiKeys': 'API keys',
};
