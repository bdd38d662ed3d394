import type pg from 'pg';

/**
 * PostgreSQL: the queries a client is given in one turn of the event loop leave in one write.
 * node-postgres writes each query (Parse, Bind, Describe, Execute, Sync) with a write of its own;
 * Node sends everything written to a corked socket at once when it is uncorked, so the first query
 * of a turn corks the socket and the turn's end (process.nextTick, after the promise jobs that
 * sent the rest) uncorks it. Only for pipelined clients: a client that is not waits for each
 * answer before it writes the next query anyway.
 */
const corked = new WeakSet<pg.Client>();

export function corkForTurn(client: pg.Client): void {
  if (corked.has(client)) return;
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  corked.add(client);
  stream.cork();
  process.nextTick(() => {
    corked.delete(client);
    stream.uncork();
  });
}
