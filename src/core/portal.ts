import type { DialectName, Executor } from './db/dialect.js';
import type { PortalPartyKind } from './db/schema.js';
import type { DocumentLanguage } from './document-languages.js';

/**
 * The principal of a portal request (docs/supplier-portal.md#people): a person of a supplier (or
 * a client), never an agency user. It has no role, no user id and no API key: the agency's
 * services, which take a `Ctx` with a user, cannot be called with it, and every portal query is
 * scoped by `party` (the party the person belongs to) as agency queries are by account.
 */
export interface PortalPrincipal {
  accountId: string;
  personId: string;
  /** The person's name, read through their contact. */
  name: string;
  party: { kind: PortalPartyKind; id: string };
  /** The language the portal speaks to them: their choice, else their party's document language. */
  language: DocumentLanguage;
  sessionId: string;
}

/** What a portal service needs to run one operation for one portal person. */
export interface PortalCtx {
  db: Executor;
  dialect: DialectName;
  principal: PortalPrincipal;
}
