import { ApiError } from './errors.js';

/**
 * At most `limit` long requests of one kind (CSV exports, imports) running at once per account, in
 * this process (docs/reference.md#csv-export, docs/imports.md): one more is answered at once with
 * 429 `rate_limited` and `Retry-After`, rather than queued, so that one account starting them
 * again and again cannot fill the server's time; other accounts are not held.
 */
export class AccountSlots {
  private readonly held = new Map<string, number>();

  constructor(
    readonly limit: number,
    /** What the slots are for, in the error message: `CSV exports`, `imports`. */
    private readonly what: string,
    /** The Retry-After of a refused request, in seconds. */
    readonly retryAfterSeconds: number,
  ) {}

  /** Slots the account holds now. */
  inUse(accountId: string): number {
    return this.held.get(accountId) ?? 0;
  }

  /** Takes a slot of the account, or throws 429; answers the release (calling it again does nothing). */
  take(accountId: string): () => void {
    const count = this.inUse(accountId);
    if (count >= this.limit) {
      throw new ApiError(
        'rate_limited',
        `${this.limit} ${this.what} of this account are running already; retry in ${this.retryAfterSeconds} s when one has finished`,
        undefined,
        { 'Retry-After': String(this.retryAfterSeconds) },
      );
    }
    this.held.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.inUse(accountId) - 1;
      if (left > 0) this.held.set(accountId, left);
      else this.held.delete(accountId);
    };
  }
}
