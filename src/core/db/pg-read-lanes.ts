import pg from 'pg';
import { corkForTurn } from './pg-turns.js';
import { statementName } from './pg-named-statements.js';

/**
 * PostgreSQL: the hot reads outside a transaction — the prepared shapes (prepared.ts) that only
 * read: the caller's key, a job's row and its parts — share a few pipelined connections ("read
 * lanes") instead of taking a pooled connection each (docs/performance.md#pipelined-reads-on-postgresql).
 *
 * Measured on a job read that the view cache does not keep: the server process, not PostgreSQL,
 * was the bottleneck, and a quarter of its time went to the system call that writes each query to
 * its connection (one `writev` per statement, ten statements a read). On a lane the queries sent in
 * one turn of the event loop — a job's parts, the keys of the requests that arrived together — go
 * out in one write, and their answers come back in as few reads.
 *
 * What stays the same: every query is its own extended-protocol exchange with its own Sync, so
 * each runs in its own implicit transaction and sees everything committed before it was sent
 * (the freshness rule), and a failing one fails alone. Writes, transactions, cursors and every
 * text that is not a registered read keep taking a pooled connection. Behind a transaction pooler
 * there are no named statements, so nothing is eligible and the lanes stay unopened.
 */

/** The registered texts judged so far (as many as there are names: a bounded set). */
const judged = new Map<string, boolean>();

/** A registered read: a named statement (pg-named-statements.ts) that starts with SELECT and locks nothing; judged once per text. */
export function isLaneRead(sql: string): boolean {
  if (statementName(sql) === undefined) return false;
  let read = judged.get(sql);
  if (read === undefined) {
    read = /^\s*select\b/i.test(sql) && !/\bfor\s+(?:no\s+key\s+)?(?:update|share|key\s+share)\b/i.test(sql);
    judged.set(sql, read);
  }
  return read;
}

interface Lane {
  client: pg.Client;
  inFlight: number;
  broken: boolean;
}

export interface ReadLanes {
  query(sql: string, values: readonly unknown[]): Promise<pg.QueryResult>;
  end(): Promise<void>;
}

/**
 * `count` pipelined clients made by `connect` (the pool's connection settings); each is opened at
 * its first query and replaced after it breaks. The queries of one event-loop turn go to the lane
 * with the fewest queries in flight, so a slow read holds back only those behind it on its lane.
 */
export function readLanes(count: number, config: pg.ClientConfig): ReadLanes {
  const lanes: Array<Lane | undefined> = Array.from({ length: count }, () => undefined);
  let current: Lane | undefined;
  let ended = false;

  function open(): Lane {
    const client = new pg.Client({ ...config, pipeline: true });
    const lane: Lane = { client, inFlight: 0, broken: false };
    const retire = () => {
      lane.broken = true;
    };
    // The queries in flight get the error themselves (node-pg fails them all); the lane is replaced.
    client.on('error', retire);
    client.on('end', retire);
    client.connect().catch(retire);
    return lane;
  }

  function pick(): Lane {
    if (current) return current;
    let best = -1;
    for (let i = 0; i < lanes.length; i++) {
      const lane = lanes[i];
      if (!lane || lane.broken) {
        // A broken lane's connection is closed, or closing: ended here so that none is left open.
        lane?.client.end().catch(() => {});
        lanes[i] = open();
        best = i;
        break;
      }
      if (best < 0 || lane.inFlight < lanes[best]!.inFlight) best = i;
    }
    const lane = lanes[best]!;
    current = lane;
    process.nextTick(() => (current = undefined));
    corkForTurn(lane.client);
    return lane;
  }

  return {
    async query(sql, values) {
      if (ended) throw new Error('The read lanes are closed');
      const lane = pick();
      lane.inFlight++;
      try {
        return await lane.client.query({ name: statementName(sql), text: sql, values: [...values] });
      } catch (error) {
        // A FATAL answer (the backend is terminating) or a client that node-postgres no longer
        // queries (its socket failed or closed): the next turn must not be written to it. Any other
        // error is the query's own (an SQL error): the lane goes on.
        const fatal = (error as { severity?: string }).severity === 'FATAL';
        if (fatal || (lane.client as unknown as { _queryable?: boolean })._queryable === false) lane.broken = true;
        throw error;
      } finally {
        lane.inFlight--;
      }
    },
    async end() {
      ended = true;
      await Promise.all(lanes.map((lane) => lane?.client.end().catch(() => {})));
    },
  };
}
