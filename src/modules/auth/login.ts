import type { Db } from '../../core/db/dialect.js';
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
 * user has the e-mail), so its time does not tell whether the e-mail exists; the throttle is
 * checked first, so a throttled e-mail is refused even with the right password.
 */
export async function signIn(db: Db, input: { email: string; password: string }, now: number): Promise<SignedIn> {
  const emailKey = emailKeyOf(input.email);
  await loginThrottle.check(db, emailKey, now);
  const row = await userRepository.findByEmailKey(db, emailKey);
  const matches = await verifyPassword(row?.password_hash ?? null, input.password);
  if (row === undefined || !matches || row.status !== 'active') {
    await loginThrottle.fail(db, emailKey, now);
    throw REFUSED;
  }
  return db.transaction().execute(async (tx) => {
    await loginThrottle.clear(tx, emailKey);
    const session = await sessions.start(tx, row, 'password');
    const signedIn = (await userRepository.find(tx, row.account_id, row.id)) ?? row;
    return { user: toUserObject(signedIn), session };
  });
}
