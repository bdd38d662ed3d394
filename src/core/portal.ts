import type { DialectName, Executor } from './db/dialect.js';
import type { PortalPartyKind } from './db/schema.js';
import type { DocumentLanguage } from './document-languages.js';

/**
 * The principal of a portal request (docs/supplier-portal.md#people): a person of a supplier (or
 * a client), never an agency user. It has no role, no user id and no API key: the agency's
 * services, which take a `Ctx` with a user, cannot be called with it, and every portal query is
 * scoped by `party` (the party the person belongs to) as agency queries are by account.
 */
/** What a client's person may do on the portal (docs/client-portal.md#people). */
export const CLIENT_PERMISSIONS = ['request', 'approve', 'invoices'] as const;
export type ClientPermission = (typeof CLIENT_PERMISSIONS)[number];

/** The stored list (`portal_people.permissions`) as permissions, in their canonical order; unknown words dropped. */
export function parsePermissions(stored: string): ClientPermission[] {
  const given = new Set(stored.split(','));
  return CLIENT_PERMISSIONS.filter((permission) => given.has(permission));
}

/** Permissions as stored: canonical order, no repeats. */
export function storedPermissions(permissions: readonly ClientPermission[]): string {
  const given = new Set(permissions);
  return CLIENT_PERMISSIONS.filter((permission) => given.has(permission)).join(',');
}

export interface PortalPrincipal {
  accountId: string;
  personId: string;
  /** The person's name, read through their contact. */
  name: string;
  party: { kind: PortalPartyKind; id: string };
  /** The language the portal speaks to them: their choice, else their party's document language. */
  language: DocumentLanguage;
  /** A client's person: what they may do; empty for a supplier's person. */
  permissions: readonly ClientPermission[];
  sessionId: string;
}

/** What a portal service needs to run one operation for one portal person. */
export interface PortalCtx {
  db: Executor;
  dialect: DialectName;
  principal: PortalPrincipal;
}
