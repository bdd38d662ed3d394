import type { FastifyBaseLogger } from 'fastify';
import { hashToken, sameSecret } from '../../core/auth.js';
import type { Ctx } from '../../core/context.js';
import type { Database } from '../../core/db/database.js';
import type { Executor } from '../../core/db/dialect.js';
import { ApiError, excerpt, invalid, missing } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { emailKeyOf, toUserObject, userRepository } from '../users/index.js';
import {
  AuthorizationResponseError,
  ClientError,
  ResponseBodyError,
  authorizationUrl,
  callbackUrlOf,
  exchangeCode,
  newAttemptSecrets,
  providerConfiguration,
  type OidcSettings,
  type SignInClaims,
} from './oidc-client.js';
import { returnPathOf } from './oidc-return-path.js';
import { sessions, type StartedSession } from './sessions.js';

/**
 * Single sign-on with OpenID Connect (docs/access.md#single-sign-on): an attempt starts here, the
 * browser goes to the provider, and comes back to the callback, where the attempt is finished.
 * The attempt lives in `oidc_logins` (its state only as a hash), so that any process can finish
 * it; it is used once and lasts ATTEMPT_LIFETIME_MS.
 */

export const ATTEMPT_LIFETIME_MS = 10 * 60_000;

/** The query the provider sends back (its other parameters, such as `session_state`, are ignored). */
export interface CallbackQuery {
  state?: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/** An attempt just started: where to send the browser, and the state its browser keeps in a cookie. */
export interface StartedAttempt {
  location: URL;
  state: string;
}

export interface FinishedSignIn {
  session: StartedSession;
  /** Where the browser goes now: the attempt's `returnTo`, else `/`. */
  location: string;
}

const refused = (message: string) => new ApiError('forbidden', message);

/** The provider failed to answer (down, unreachable, a server error): not the caller's fault. */
function providerUnreachable(log: FastifyBaseLogger, error: unknown, settings: OidcSettings): ApiError {
  log.error({ err: error, issuer: settings.issuer }, 'the OpenID provider could not be reached');
  return new ApiError('internal_error', `${settings.name} could not be reached; try again later (the request id identifies the failure in the server log)`);
}

export const oidc = {
  /** Records a new attempt and answers the provider's authorization URL to send the browser to. */
  async start(database: Database, settings: OidcSettings, publicUrl: string, returnTo: string | undefined, log: FastifyBaseLogger): Promise<StartedAttempt> {
    const returnPath = returnPathOf(returnTo, publicUrl);
    const configuration = await providerConfiguration(settings).catch((error: unknown) => {
      throw providerUnreachable(log, error, settings);
    });
    const secrets = newAttemptSecrets();
    const now = Date.now();
    await database.db.transaction().execute(async (tx) => {
      // Attempts past their time are of no use to anyone: the table holds at most ten minutes of them.
      await tx
        .deleteFrom('oidc_logins')
        .where('created_at', '<', new Date(now - ATTEMPT_LIFETIME_MS).toISOString())
        .execute();
      await tx
        .insertInto('oidc_logins')
        .values({
          id: newId(),
          state_hash: hashToken(secrets.state),
          code_verifier: secrets.codeVerifier,
          nonce: secrets.nonce,
          created_at: new Date(now).toISOString(),
          used_at: null,
          return_to: returnPath,
        })
        .execute();
    });
    return { location: await authorizationUrl(configuration, callbackUrlOf(publicUrl), secrets), state: secrets.state };
  },

  /**
   * Finishes an attempt: the state must name an attempt not used yet and not expired (it is used
   * now, whatever comes next, so a callback never counts twice), the provider must accept the
   * code, and its verified e-mail must be an active or invited user's. `rawQuery` is the query
   * string exactly as the provider sent it (openid-client checks it). `browserState` is the state
   * the browser kept in its cookie when the attempt started: a callback finishes only in the
   * browser that started it, so nobody can sign someone else in to their own account by sending
   * them the callback URL of an attempt of theirs (login cross-site request forgery).
   */
  async finish(
    database: Database,
    settings: OidcSettings,
    publicUrl: string,
    query: CallbackQuery,
    rawQuery: string,
    browserState: string | undefined,
    log: FastifyBaseLogger,
  ): Promise<FinishedSignIn> {
    if (query.state === undefined || query.state === '') throw missing('state');
    if (browserState === undefined || !sameSecret(browserState, query.state)) {
      throw invalid('state', 'this sign-in was not started in this browser, or too long ago: start the sign-in again');
    }
    const attempt = await claimAttempt(database.db, query.state, Date.now());
    if (attempt === undefined) throw invalid('state', 'no sign-in is waiting for this state: it is unknown, used already or expired; start the sign-in again');
    if (query.error !== undefined) {
      const description = query.error_description ? `: ${excerpt(query.error_description)}` : '';
      throw refused(`${settings.name} did not sign you in (${excerpt(query.error)}${description})`);
    }
    if (query.code === undefined || query.code === '') throw missing('code');

    const configuration = await providerConfiguration(settings).catch((error: unknown) => {
      throw providerUnreachable(log, error, settings);
    });
    const callbackUrl = new URL(`${callbackUrlOf(publicUrl)}?${rawQuery}`);
    let claims: SignInClaims;
    try {
      claims = await exchangeCode(configuration, callbackUrl, { state: query.state, nonce: attempt.nonce, codeVerifier: attempt.code_verifier });
    } catch (error) {
      throw exchangeError(error, settings, log);
    }
    if (claims.email === undefined) throw refused(`${settings.name} gave no e-mail address: Transdesk finds its users by their e-mail`);
    if (!claims.emailVerified) {
      throw refused(`Your e-mail address at ${settings.name} is not verified: verify it there, then sign in again`);
    }
    const session = await database.db.transaction().execute(async (tx) => signIn({ db: tx, dialect: database.dialect }, claims.email!, settings));
    return { session, location: attempt.return_to ?? '/' };
  },
};

/** Uses the attempt of `state` (in one statement: two callbacks racing cannot both have it); undefined when none is waiting. */
async function claimAttempt(db: Executor, state: string, now: number) {
  if (state.length > 512) return undefined;
  return db
    .updateTable('oidc_logins')
    .set({ used_at: new Date(now).toISOString() })
    .where('state_hash', '=', hashToken(state))
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(now - ATTEMPT_LIFETIME_MS).toISOString())
    .returning(['nonce', 'code_verifier', 'return_to'])
    .executeTakeFirst();
}

/** What the code exchange's failure means for the caller. */
function exchangeError(error: unknown, settings: OidcSettings, log: FastifyBaseLogger): ApiError {
  if (error instanceof ResponseBodyError) {
    // The token endpoint refused the code: used already, expired, or issued for another attempt.
    return invalid('code', `${settings.name} refused the authorization code (${excerpt(error.error)}); start the sign-in again`);
  }
  if (error instanceof AuthorizationResponseError) {
    return refused(`${settings.name} did not sign you in (${excerpt(error.error)})`);
  }
  if (error instanceof ClientError && error.code !== undefined && /COMPARISON|INVALID_RESPONSE|JWT/.test(error.code)) {
    log.warn({ err: error }, "the OpenID provider's answer failed a check");
    return refused(`The answer of ${settings.name} could not be verified (${excerpt(error.message)}); start the sign-in again`);
  }
  return providerUnreachable(log, error, settings);
}

/** Starts the session of the user with this e-mail; an invited user becomes active (without a password). */
async function signIn(base: Pick<Ctx, 'db' | 'dialect'>, email: string, settings: OidcSettings): Promise<StartedSession> {
  const row = await userRepository.findByEmailKey(base.db, emailKeyOf(email));
  if (row === undefined) {
    throw refused(`No Transdesk user has the e-mail address ${excerpt(email)} of ${settings.name}: ask an owner or admin to invite you`);
  }
  if (row.status === 'disabled') throw refused('This user is disabled: ask an owner or admin of the account');
  if (row.status === 'invited') {
    const now = new Date().toISOString();
    await userRepository.update(base.db, row.account_id, row.id, { status: 'active', updated_at: now });
    const ctx: Ctx = { ...base, accountId: row.account_id, userId: row.id, actor: { type: 'user', userId: row.id, apiKeyId: null } };
    await recordEvent(ctx, 'user.updated', toUserObject({ ...row, status: 'active', updated_at: now }));
  }
  return sessions.start(base.db, row, 'oidc');
}
