import { generateToken, hashToken } from '../../core/auth.js';
import type { Ctx } from '../../core/context.js';
import type { Executor } from '../../core/db/dialect.js';
import type { PortalPartyKind } from '../../core/db/schema.js';
import { isDocumentLanguage, DEFAULT_DOCUMENT_LANGUAGE, type DocumentLanguage } from '../../core/document-languages.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parsePermissions, storedPermissions, CLIENT_PERMISSIONS, type ClientPermission, type PortalPrincipal } from '../../core/portal.js';
import { portalRepository, type PersonIdentity } from './repository.js';

/** How long a sign-in link opens the portal (docs/supplier-portal.md#signing-in). */
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60_000;

/** The page of the portal that redeems a sign-in link; the secret travels in the fragment, never to a server log. */
export const signInUrl = (publicUrl: string, token: string): string => `${publicUrl}/portal/sign-in#token=${token}`;

/** The language the portal speaks to a person: their choice, else their party's document language. */
export function languageOf(identity: Pick<PersonIdentity, 'language' | 'party_language'>): DocumentLanguage {
  if (isDocumentLanguage(identity.language)) return identity.language;
  return isDocumentLanguage(identity.party_language) ? identity.party_language : DEFAULT_DOCUMENT_LANGUAGE;
}

export function toPortalPerson(identity: PersonIdentity, lastSignInAt: string | null) {
  return {
    id: identity.id,
    contact: { id: identity.contact_id, fullName: identity.name, email: identity.email },
    status: identity.status,
    language: isDocumentLanguage(identity.language) ? identity.language : null,
    permissions: parsePermissions(identity.permissions),
    createdAt: identity.created_at,
    lastSignInAt,
  };
}

/** The person as they see themselves in the portal. */
export function toPortalMe(identity: PersonIdentity) {
  return {
    id: identity.id,
    name: identity.name,
    email: identity.email,
    language: languageOf(identity),
    party: { kind: identity.party_kind, id: identity.party_id, name: identity.party_name },
    agency: { name: identity.account_name, hasLogo: identity.has_logo === 1 },
    permissions: parsePermissions(identity.permissions),
    hasPassword: identity.has_password === 1,
  };
}

export function toPrincipal(identity: PersonIdentity, sessionId: string): PortalPrincipal {
  return Object.freeze({
    accountId: identity.account_id,
    personId: identity.id,
    name: identity.name,
    party: Object.freeze({ kind: identity.party_kind, id: identity.party_id }),
    language: languageOf(identity),
    permissions: Object.freeze(parsePermissions(identity.permissions)),
    sessionId,
  });
}

/** A sign-in link just made: its secret (only in the link) and when it expires. */
export interface IssuedLink {
  token: string;
  expiresAt: string;
}

/** A new sign-in link for the person; their earlier unused links stop working. */
export async function issueLink(db: Executor, person: { id: string; account_id: string }, now: Date): Promise<IssuedLink> {
  const at = now.toISOString();
  await portalRepository.voidLinksOf(db, person.id, at);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_LIFETIME_MS).toISOString();
  await portalRepository.insertLink(db, {
    id: newId(),
    account_id: person.account_id,
    person_id: person.id,
    token_hash: hashToken(token),
    created_at: at,
    expires_at: expiresAt,
    used_at: null,
  });
  return { token, expiresAt };
}

/** The permissions to store, or undefined to keep them; 400 when a kind without permissions is given some. */
function permissionsFor(party: PartyKind, permissions: ClientPermission[] | undefined): string | undefined {
  if (permissions === undefined) return undefined;
  if (party.permissions !== true && permissions.length > 0)
    throw invalid('permissions', `a ${party.resource}'s people have no permissions: their work decides what they see`);
  return storedPermissions(permissions);
}

/** What a party kind is called in errors, and whether a party of it exists (the owner module's door). */
export interface PartyKind {
  kind: PortalPartyKind;
  /** The resource name of the party in a 404 (`supplier`, `client`). */
  resource: string;
  /** Whether its people are given permissions (a client's: `request`, `approve`, `invoices`). */
  permissions?: boolean;
  exists(ctx: Ctx, id: string): Promise<boolean>;
}

/**
 * The agency's side of portal people (docs/supplier-portal.md#people): give a contact of a party
 * access, withdraw it, list who has it. One implementation, configured per kind of party.
 */
export const portalPeople = {
  async list(ctx: Ctx, party: PartyKind, partyId: string) {
    if (!(await party.exists(ctx, partyId))) throw notFound(party.resource, partyId);
    const people = await portalRepository.listForParty(ctx.db, ctx.accountId, party.kind, partyId);
    const signIns = await portalRepository.lastSignIns(
      ctx.db,
      ctx.accountId,
      people.map((person) => person.id),
    );
    return people.map((person) => toPortalPerson(person, signIns.get(person.id) ?? null));
  },

  /**
   * Gives the contact access (again, after a revocation) and makes a sign-in link: the person,
   * and the link to e-mail after the commit. 409 when the contact has no e-mail address.
   */
  async grant(
    ctx: Ctx,
    party: PartyKind,
    partyId: string,
    contactId: string,
    input: { language?: DocumentLanguage | null; permissions?: ClientPermission[] },
    now = new Date(),
  ) {
    const contact = await portalRepository.contactOf(ctx.db, ctx.accountId, party.kind, partyId, contactId);
    if (contact === undefined) {
      if (!(await party.exists(ctx, partyId))) throw notFound(party.resource, partyId);
      throw notFound('contact', contactId);
    }
    if (contact.email === null || contact.email.trim() === '')
      throw stateConflict('This contact has no e-mail address: give them one first, as the portal signs people in by an e-mailed link');
    const at = now.toISOString();
    const existing = await portalRepository.findByContact(ctx.db, ctx.accountId, contactId);
    const permissions = permissionsFor(party, input.permissions);
    let personId: string;
    if (existing === undefined) {
      personId = newId();
      await portalRepository.insert(ctx.db, {
        id: personId,
        account_id: ctx.accountId,
        party_kind: party.kind,
        party_id: partyId,
        contact_id: contactId,
        language: input.language ?? null,
        status: 'active',
        password_hash: null,
        password_changed_at: null,
        permissions: permissions ?? storedPermissions(party.permissions === true ? CLIENT_PERMISSIONS : []),
        created_at: at,
        updated_at: at,
      });
    } else {
      personId = existing.id;
      const changes = {
        status: 'active' as const,
        updated_at: at,
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(permissions !== undefined ? { permissions } : {}),
      };
      await portalRepository.update(ctx.db, ctx.accountId, personId, changes);
    }
    const link = await issueLink(ctx.db, { id: personId, account_id: ctx.accountId }, now);
    const identity = (await portalRepository.findIdentity(ctx.db, ctx.accountId, personId))!;
    const signIns = await portalRepository.lastSignIns(ctx.db, ctx.accountId, [personId]);
    return { identity, person: toPortalPerson(identity, signIns.get(personId) ?? null), link };
  },

  /** Changes what a person of the party may do (a client's: `request`, `approve`, `invoices`); their sessions see it at once. */
  async setPermissions(ctx: Ctx, party: PartyKind, partyId: string, contactId: string, permissions: ClientPermission[], now = new Date()) {
    const person = await portalRepository.findByContact(ctx.db, ctx.accountId, contactId);
    if (person === undefined || person.party_kind !== party.kind || person.party_id !== partyId) {
      if (!(await party.exists(ctx, partyId))) throw notFound(party.resource, partyId);
      throw notFound('portal access', contactId);
    }
    await portalRepository.update(ctx.db, ctx.accountId, person.id, { permissions: permissionsFor(party, permissions)!, updated_at: now.toISOString() });
    const identity = (await portalRepository.findIdentity(ctx.db, ctx.accountId, person.id))!;
    const signIns = await portalRepository.lastSignIns(ctx.db, ctx.accountId, [person.id]);
    return toPortalPerson(identity, signIns.get(person.id) ?? null);
  },

  /** The active people of a party, with what they are known by (the addresses work is e-mailed to). */
  async activeOf(ctx: Ctx, kind: PortalPartyKind, partyId: string): Promise<PersonIdentity[]> {
    const people = await portalRepository.listForParty(ctx.db, ctx.accountId, kind, partyId);
    return people.filter((person) => person.status === 'active');
  },

  /** Withdraws the contact's access: their sessions end and their links stop working at once. 404 when they have none. */
  async revoke(ctx: Ctx, party: PartyKind, partyId: string, contactId: string, now = new Date()): Promise<void> {
    const person = await portalRepository.findByContact(ctx.db, ctx.accountId, contactId);
    if (person === undefined || person.party_kind !== party.kind || person.party_id !== partyId) {
      if (!(await party.exists(ctx, partyId))) throw notFound(party.resource, partyId);
      throw notFound('portal access', contactId);
    }
    const at = now.toISOString();
    // Access given back later starts afresh: with links only, the old password forgotten.
    await portalRepository.update(ctx.db, ctx.accountId, person.id, { status: 'revoked', password_hash: null, password_changed_at: null, updated_at: at });
    await portalRepository.endSessionsOf(ctx.db, person.id, at);
    await portalRepository.voidLinksOf(ctx.db, person.id, at);
  },
};
