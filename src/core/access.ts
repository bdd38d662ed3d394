import type { Role } from './db/schema.js';

/**
 * The role matrix (docs/access.md#roles), declared once: every route belongs to an area by its
 * path, every role reads every area, and each area names the roles that may change it. The
 * access plugin (core/http/access-plugin.ts) classifies each route when it is registered (a route
 * no rule matches stops the app from starting) and checks the caller's role on every write.
 */

export const ROLES: readonly Role[] = ['owner', 'admin', 'manager', 'finance', 'viewer'];

export type Area =
  'account' | 'master-data' | 'exchange-rates' | 'users' | 'webhooks' | 'projects' | 'quotes-and-orders' | 'invoices' | 'own-access' | 'history';

export interface AreaRights {
  /** What the area holds, as the refusal names it. */
  description: string;
  /** The roles that may write (every role reads). */
  writers: readonly Role[];
}

const EVERYONE = ROLES;

export const AREAS: Readonly<Record<Area, AreaRights>> = {
  account: { description: "the account's settings", writers: ['owner', 'admin'] },
  'master-data': {
    description: 'master data (services, match categories, units, domains, labels, taxes, language pairs, CAT configurations)',
    writers: ['owner', 'admin'],
  },
  // Finance keeps the rates its invoices and margins are converted with.
  'exchange-rates': { description: 'exchange rates', writers: ['owner', 'admin', 'finance'] },
  users: { description: 'users', writers: ['owner', 'admin'] },
  // Endpoints receive every change of the account they subscribe to, and hold signing secrets.
  webhooks: { description: 'webhooks (endpoints, their secrets and deliveries)', writers: ['owner', 'admin'] },
  projects: {
    description: 'project work (jobs, groups, clients, suppliers, contacts, prices, files, notes, trackers, CAT analyses, outsourcing)',
    writers: ['owner', 'admin', 'manager'],
  },
  'quotes-and-orders': { description: 'quotes and purchase orders', writers: ['owner', 'admin', 'manager', 'finance'] },
  invoices: { description: 'invoices, credit notes and payments', writers: ['owner', 'admin', 'finance'] },
  // Signing in and out, one's password and name, one's API keys: the services decide whose (users/api-keys).
  'own-access': { description: 'their own name, sign-in and API keys', writers: EVERYONE },
  // Read-only: its rules admit no write route.
  history: { description: 'the history of changes', writers: [] },
};

export interface AreaRule {
  /**
   * The route paths of the rule: segments, where `*` stands for one segment and a final `**` for
   * any number of them (none included: `/v2/jobs/**` covers `/v2/jobs` and `/v2/jobs/:id/notes`).
   */
  path: string;
  area: Area;
  /** Only GET, HEAD and OPTIONS routes may match: a write route here must be classified first. */
  readOnly?: true;
}

/**
 * The rules, first match wins. A top-level resource is named explicitly, so that a new one
 * must be classified; what lies below it (notes, files, labels, payments, …) is its own area's work.
 */
export const AREA_RULES: readonly AreaRule[] = [
  { path: '/v2/auth/**', area: 'own-access' },
  { path: '/v2/api-keys/**', area: 'own-access' },
  // The caller's own user: reading it, and changing its name (PATCH), is one's own business.
  { path: '/v2/users/me', area: 'own-access' },
  { path: '/v2/users/**', area: 'users' },
  { path: '/v2/events/**', area: 'history', readOnly: true },
  { path: '/v2/webhooks/**', area: 'webhooks' },
  { path: '/v2/account', area: 'account' },
  { path: '/v2/account/logo', area: 'account' },
  // The terms PDF of the client portal's request form, beside the terms text of the account settings.
  { path: '/v2/account/request-terms.pdf', area: 'account' },
  // The account's default prices are pricing, like a client's prices: project work (docs/prices.md).
  { path: '/v2/account/prices/**', area: 'projects' },
  { path: '/v2/account/services/**', area: 'master-data' },
  { path: '/v2/account/matches/**', area: 'master-data' },
  { path: '/v2/account/quantity-types/**', area: 'master-data' },
  { path: '/v2/account/domains/**', area: 'master-data' },
  { path: '/v2/account/labels/**', area: 'master-data' },
  { path: '/v2/account/taxes/**', area: 'master-data' },
  { path: '/v2/account/language-pairs/**', area: 'master-data' },
  { path: '/v2/account/cat-configurations/**', area: 'master-data' },
  { path: '/v2/account/exchange-rates/**', area: 'exchange-rates' },
  { path: '/v2/jobs/**', area: 'projects' },
  { path: '/v2/groups/**', area: 'projects' },
  { path: '/v2/clients/**', area: 'projects' },
  { path: '/v2/suppliers/**', area: 'projects' },
  { path: '/v2/cat-analysis/**', area: 'projects' },
  { path: '/v2/quotes/**', area: 'quotes-and-orders' },
  { path: '/v2/purchase-orders/**', area: 'quotes-and-orders' },
  { path: '/v2/invoices/**', area: 'invoices' },
  // The invoices suppliers submit from the portal: finance approves or rejects them (docs/supplier-invoices.md).
  { path: '/v2/supplier-invoices/**', area: 'invoices' },
  // The clients' requests from the portal: project managers answer them (docs/client-portal.md#requests).
  { path: '/v2/requests/**', area: 'projects' },
  // Figures read over jobs and documents; nothing to write.
  { path: '/v2/dashboard', area: 'projects', readOnly: true },
  { path: '/v2/dashboard/portal', area: 'projects', readOnly: true },
  { path: '/v2/reports/**', area: 'projects', readOnly: true },
  // Imports create and update clients, suppliers, contacts and prices: project work.
  { path: '/v2/imports/**', area: 'projects' },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isReadMethod = (method: string): boolean => READ_METHODS.has(method.toUpperCase());

function matches(pattern: string, url: string): boolean {
  const want = pattern.split('/');
  const have = url.split('/');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '**' && i === want.length - 1) return have.length >= i;
    if (i >= have.length || (want[i] !== '*' && want[i] !== have[i])) return false;
  }
  return have.length === want.length;
}

/**
 * The area of a route (its path as registered, e.g. `/v2/jobs/:id/notes`), or an error message
 * when no rule covers it, or a read-only rule covers a write method.
 */
export function areaOf(url: string, methods: readonly string[], rules: readonly AreaRule[] = AREA_RULES): { area: Area } | { error: string } {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  const rule = rules.find((candidate) => matches(candidate.path, path));
  const route = `${methods.join(',')} ${url}`;
  if (rule === undefined) return { error: `The route ${route} belongs to no area of the role matrix: add a rule to AREA_RULES (src/core/access.ts)` };
  if (rule.readOnly && !methods.every(isReadMethod))
    return { error: `The route ${route} writes under the read-only rule ${rule.path}: classify it in src/core/access.ts` };
  return { area: rule.area };
}

export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** The areas this role may write in. */
export const writableAreas = (role: Role): Area[] => AREA_NAMES.filter((area) => mayWrite(role, area));

/** May this role write in this area? */
export function mayWrite(role: Role, area: Area): boolean {
  return AREAS[area].writers.includes(role);
}

/** The refusal's message: the role, and what it lacks. */
export function refusalOf(role: Role, area: Area): string {
  const { description, writers } = AREAS[area];
  const who = writers.length === 0 ? 'no role can' : `only ${listed(writers)} can`;
  return `The role ${role} cannot change ${description}: ${who}`;
}

function listed(roles: readonly Role[]): string {
  return roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]!}`;
}
