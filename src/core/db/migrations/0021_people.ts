import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * People and access (docs/access.md). Released: never edit.
 *
 * - `users` gain a role, a status (`invited`, `active`, `disabled`), a password hash (argon2id,
 *   null until one is chosen), and `email_key`: the e-mail as people sign in with it (trimmed,
 *   lower case), unique across the installation, since a sign-in names no account. Users of
 *   earlier versions become `admin` (the creator of the account `owner`): their keys keep every
 *   power they had. An e-mail that two earlier users share gets no key: neither can sign in with
 *   it until one of them is given another.
 * - `api_keys` gain a name and the time of their last use.
 * - `sessions`: a signed-in browser, found by the hash of its cookie (the cookie itself is never stored).
 * - `auth_tokens`: single-use links (invitation, password reset, the first owner's password), by hash.
 * - `login_failures`: failed sign-ins per e-mail, counted by every process alike.
 * - `oidc_logins`: single sign-on attempts between the start and the provider's callback.
 * - `events` gain their actor and the object they are about (`job` and its id), with indexes
 *   for the history of one object and for one user's changes. Earlier events name no actor
 *   (`system`); their object is read from their type and data.
 */
export function people(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('manager'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .execute();
      await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
      await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
      await db.schema.alterTable('users').addColumn('password_changed_at', 'text').execute();
      await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
      await sql`update users set role = case when is_owner = 1 then 'owner' else 'admin' end`.execute(db);
      await sql`update users set email_key = lower(trim(email))
        where email is not null and trim(email) <> ''
          and (select count(*) from users u2 where u2.email is not null and lower(trim(u2.email)) = lower(trim(users.email))) = 1`.execute(db);
      await db.schema.createIndex('users_email_key').on('users').column('email_key').unique().execute();

      await db.schema
        .alterTable('api_keys')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'ended_at']).execute();

      await db.schema
        .createTable('auth_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'purpose']).execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_email').on('login_failures').columns(['email_key', 'failed_at']).execute();

      await db.schema
        .createTable('oidc_logins')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('state_hash', 'text', (c) => c.notNull().unique())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema
        .alterTable('events')
        .addColumn('actor_type', 'text', (c) => c.notNull().defaultTo('system'))
        .execute();
      await db.schema.alterTable('events').addColumn('actor_user_id', 'text').execute();
      await db.schema.alterTable('events').addColumn('actor_key_id', 'text').execute();
      await db.schema.alterTable('events').addColumn('object_type', 'text').execute();
      await db.schema.alterTable('events').addColumn('object_id', 'text').execute();
      const dataId = dialect === 'postgres' ? sql`(data::json ->> 'id')` : sql`json_extract(data, '$.id')`;
      const prefix = dialect === 'postgres' ? sql`split_part(type, '.', 1)` : sql`substr(type, 1, instr(type, '.') - 1)`;
      await sql`update events set object_type = ${prefix}, object_id = ${dataId}`.execute(db);
      await db.schema.createIndex('events_object').on('events').columns(['account_id', 'object_type', 'object_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('events_actor_user').on('events').columns(['account_id', 'actor_user_id', 'created_at', 'id']).execute();
    },
  };
}
