/** Types of scripts/pgbouncer.mjs (PgBouncer in transaction pooling mode for the tests and the bench). */
export function pgBouncerPath(): string | undefined;
export function startPgBouncer(options: { upstream: string; serverConnections?: number }): Promise<{
  port: number;
  urlOf: (database: string) => string;
  stop: () => Promise<void>;
}>;
