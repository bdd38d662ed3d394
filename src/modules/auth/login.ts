import type { Db, DialectName } from '../../core/db/dialect.js';
import { ApiError } from '../../core/errors.js';
import { verifyPassword } from '../../core/passwords.js';
import { emailKeyOf, toUserObject, userRepository, type UserObject } from '../users/index.js';
import { sessions, type StartedSession } from './sessions.js';
import { loginThrottle } from './throttle.js';

/** One answer for every refused sign-in: a wrong password, an unknown e-mail, an invited or disabled user. */
const REFUSED = new ApiError('unauthorized', 'Wrong e-mail address or password');

export interface SignedIn {
  user: UserObject;
  session: StartedSession;
}

/**
 * Sign-in with an e-mail and a password (docs/access.md#sessions). Only an `active` user with a
 * password signs in. Every refusal takes one argon2id verification (against a decoy hash when no
 * user has the e-mail), so its time does not tell whether the e-mail exists. The attempt is
 * counted as a failure before the password is checked (throttle.ts), so a throttled e-mail is
 * refused even with the right password, and a burst gets no more checks than one attempt after
 * another; a success clears the e-mail's failures, its own attempt with them.
 */
export async function signIn(db: Db, dialect: DialectName, input: { email: string; password: string }, now: number): Promise<SignedIn> {
  const emailKey = emailKeyOf(input.email);
  await loginThrottle.reserve(db, dialect, emailKey, now);
  const row = await userRepository.findByEmailKey(db, emailKey);
  const matches = await verifyPassword(row?.password_hash ?? null, input.password);
  // The attempt counted stays: it is the failure.
  if (row === undefined || !matches || row.status !== 'active') throw REFUSED;
  return db.transaction().execute(async (tx) => {
    await loginThrottle.clear(tx, emailKey);
    const session = await sessions.start(tx, row, 'password');
    const signedIn = (await userRepository.find(tx, row.account_id, row.id)) ?? row;
    return { user: toUserObject(signedIn), session };
  });
}
