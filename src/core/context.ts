import type { DialectName, Executor } from './db/dialect.js';

/** What a service needs to run one operation for one caller: the executor and the caller's account. */
export interface Ctx {
  db: Executor;
  dialect: DialectName;
  accountId: string;
  userId: string;
  /** The caller's name as authenticated (absent where no request is served: the CLI, tests). */
  userName?: string;
  /**
   * Reads outside a transaction on SQLite: the database's change stamp read when the request was
   * authenticated (core/db/change-stamp.ts), for the view cache. Absent otherwise.
   */
  changeStamp?: string;
}

export interface AuthContext {
  accountId: string;
  userId: string;
  userName: string;
  keyId: string;
  scope: 'read' | 'write';
}
