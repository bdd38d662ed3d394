import { sql } from 'kysely';
import type { Executor } from '../../core/db/dialect.js';
import type { PortalLinksTable, PortalPartyKind, PortalPeopleTable } from '../../core/db/schema.js';
import type { DocumentLanguage } from '../../core/document-languages.js';

export type PersonRow = PortalPeopleTable;
export type LinkRow = PortalLinksTable;

/** A person with what they are known by: their contact's name and e-mail, their party's name and language. */
export interface PersonIdentity extends Omit<PortalPeopleTable, 'updated_at' | 'password_hash' | 'password_changed_at'> {
  /** Whether the person chose a password (never the hash itself). */
  has_password: number;
  name: string;
  email: string | null;
  party_name: string;
  party_language: DocumentLanguage | null;
  account_name: string;
  /** 1 when the agency has a logo (it heads the portal's pages). */
  has_logo: number;
}

/** A session found by its cookie, with its person. */
export interface SessionIdentity extends PersonIdentity {
  session_id: string;
  session_created_at: string;
  last_seen_at: string;
}

/**
 * The people with their identity, read through their contact and party in one query (a read
 * model: core/db/table-owners.ts). The contact must still belong to the person's party: a
 * contact deleted or moved leaves the person nothing to sign in as.
 */
function withIdentity(db: Executor) {
  return db
    .selectFrom('portal_people as person')
    .innerJoin('contacts as contact', (join) =>
      join
        .onRef('contact.id', '=', 'person.contact_id')
        .onRef('contact.account_id', '=', 'person.account_id')
        .on((on) =>
          on.or([
            on.and([on('person.party_kind', '=', 'supplier'), on(on.ref('contact.supplier_id'), '=', on.ref('person.party_id'))]),
            on.and([on('person.party_kind', '=', 'client'), on(on.ref('contact.client_id'), '=', on.ref('person.party_id'))]),
          ]),
        ),
    )
    .innerJoin('accounts as account', 'account.id', 'person.account_id')
    .leftJoin('account_logos as logo', 'logo.account_id', 'person.account_id')
    .leftJoin('suppliers as supplier', (join) => join.onRef('supplier.id', '=', 'person.party_id').on('person.party_kind', '=', 'supplier'))
    .leftJoin('clients as client', (join) => join.onRef('client.id', '=', 'person.party_id').on('person.party_kind', '=', 'client'))
    .select([
      'person.id',
      'person.account_id',
      'person.party_kind',
      'person.party_id',
      'person.contact_id',
      'person.language',
      'person.status',
      'person.permissions',
      'person.created_at',
      sql<number>`case when person.password_hash is null then 0 else 1 end`.as('has_password'),
      'contact.full_name as name',
      'contact.email',
      'account.name as account_name',
      sql<number>`case when logo.account_id is null then 0 else 1 end`.as('has_logo'),
      sql<string>`coalesce(supplier.name, client.name, '')`.as('party_name'),
      sql<DocumentLanguage | null>`coalesce(supplier.document_language, client.document_language)`.as('party_language'),
    ]);
}

/** People, their sessions and sign-in links; every query scoped by account (and party where it has one). */
export const portalRepository = {
  /** The people of one party, with their identity, in the order they were given access. */
  listForParty(db: Executor, accountId: string, kind: PortalPartyKind, partyId: string): Promise<PersonIdentity[]> {
    return withIdentity(db)
      .where('person.account_id', '=', accountId)
      .where('person.party_kind', '=', kind)
      .where('person.party_id', '=', partyId)
      .orderBy('person.created_at')
      .orderBy('person.id')
      .execute();
  },

  /** The contact of a party (a read model: contacts are the contacts module's). */
  contactOf(db: Executor, accountId: string, kind: PortalPartyKind, partyId: string, contactId: string) {
    return db
      .selectFrom('contacts')
      .select(['id', 'full_name', 'email'])
      .where('account_id', '=', accountId)
      .where('id', '=', contactId)
      .where(kind === 'supplier' ? 'supplier_id' : 'client_id', '=', partyId)
      .executeTakeFirst();
  },

  findByContact(db: Executor, accountId: string, contactId: string): Promise<PersonRow | undefined> {
    return db.selectFrom('portal_people').selectAll().where('account_id', '=', accountId).where('contact_id', '=', contactId).executeTakeFirst();
  },

  findIdentity(db: Executor, accountId: string, personId: string): Promise<PersonIdentity | undefined> {
    return withIdentity(db).where('person.account_id', '=', accountId).where('person.id', '=', personId).executeTakeFirst();
  },

  /** The active people whose contact has this e-mail (any case), in every account: a sign-in link asked for by e-mail. */
  activeByEmail(db: Executor, emailKey: string): Promise<PersonIdentity[]> {
    return withIdentity(db)
      .where('person.status', '=', 'active')
      .where(sql<string>`lower(contact.email)`, '=', emailKey)
      .orderBy('person.created_at')
      .limit(20)
      .execute();
  },

  /** The active people of this e-mail (any case) who chose a password, with its hash, oldest first: a password sign-in. */
  passwordsByEmail(db: Executor, emailKey: string) {
    return withIdentity(db)
      .select('person.password_hash')
      .where('person.status', '=', 'active')
      .where('person.password_hash', 'is not', null)
      .where(sql<string>`lower(contact.email)`, '=', emailKey)
      .orderBy('person.created_at')
      .limit(20)
      .execute() as Promise<Array<PersonIdentity & { password_hash: string }>>;
  },

  /** The person's password hash (null: none chosen), to be verified or compared. */
  async passwordOf(db: Executor, accountId: string, personId: string): Promise<string | null> {
    const row = await db.selectFrom('portal_people').select('password_hash').where('account_id', '=', accountId).where('id', '=', personId).executeTakeFirst();
    return row?.password_hash ?? null;
  },

  async insert(db: Executor, row: PersonRow): Promise<void> {
    await db.insertInto('portal_people').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<PersonRow>): Promise<void> {
    await db.updateTable('portal_people').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** When each of these people last signed in (their newest session), by person id. */
  async lastSignIns(db: Executor, accountId: string, personIds: readonly string[]): Promise<Map<string, string>> {
    if (personIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('portal_sessions')
      .select(['person_id', (eb) => eb.fn.max('created_at').as('at')])
      .where('account_id', '=', accountId)
      .where('person_id', 'in', [...personIds])
      .groupBy('person_id')
      .execute();
    return new Map(rows.map((row) => [row.person_id, row.at]));
  },

  // Sessions.

  /** The session of a cookie's hash, with its person, while it has not ended and the person is active. */
  sessionByHash(db: Executor, hash: string): Promise<SessionIdentity | undefined> {
    return withIdentity(db)
      .innerJoin('portal_sessions as session', 'session.person_id', 'person.id')
      .select(['session.id as session_id', 'session.created_at as session_created_at', 'session.last_seen_at'])
      .where('session.token_hash', '=', hash)
      .where('session.ended_at', 'is', null)
      .where('person.status', '=', 'active')
      .executeTakeFirst();
  },

  async insertSession(db: Executor, row: { id: string; account_id: string; person_id: string; token_hash: string; at: string }): Promise<void> {
    await db
      .insertInto('portal_sessions')
      .values({
        id: row.id,
        account_id: row.account_id,
        person_id: row.person_id,
        token_hash: row.token_hash,
        created_at: row.at,
        last_seen_at: row.at,
        ended_at: null,
      })
      .execute();
  },

  async touchSession(db: Executor, id: string, at: string): Promise<void> {
    await db.updateTable('portal_sessions').set({ last_seen_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
  },

  async endSession(db: Executor, id: string, at: string): Promise<void> {
    await db.updateTable('portal_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
  },

  /** Ends the person's sessions, but `keep` (the one that changed their password). */
  async endSessionsOf(db: Executor, personId: string, at: string, keep?: string): Promise<void> {
    let query = db.updateTable('portal_sessions').set({ ended_at: at }).where('person_id', '=', personId).where('ended_at', 'is', null);
    if (keep !== undefined) query = query.where('id', '!=', keep);
    await query.execute();
  },

  // Sign-in links.

  async insertLink(db: Executor, row: LinkRow): Promise<void> {
    await db.insertInto('portal_links').values(row).execute();
  },

  /** Voids the person's unused links: a newer link, or their access revoked. */
  async voidLinksOf(db: Executor, personId: string, at: string): Promise<void> {
    await db.updateTable('portal_links').set({ used_at: at }).where('person_id', '=', personId).where('used_at', 'is', null).execute();
  },

  findLink(db: Executor, hash: string): Promise<LinkRow | undefined> {
    return db.selectFrom('portal_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  },

  /** When the person's newest link was made (at most one e-mailed link a minute). */
  async latestLinkAt(db: Executor, personId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('portal_links')
      .select('created_at')
      .where('person_id', '=', personId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.created_at;
  },

  /** Marks the link used, once: false when another request used it in between. */
  async useLink(db: Executor, id: string, at: string): Promise<boolean> {
    const result = await db.updateTable('portal_links').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
