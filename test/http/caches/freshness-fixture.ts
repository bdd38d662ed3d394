import type BetterSqlite3 from 'better-sqlite3';
import { loadConfig } from '../../../src/config.js';
import { openDatabase, type Database } from '../../../src/core/db/database.js';
import { migrateToLatest } from '../../../src/core/db/migrate.js';
import { Api, buildTestApp, createTestAccount, createTestApp, usingPostgres, type TestContext } from '../../helper.js';
import { buildWorld } from '../prices/fixture.js';
import { insertRate } from '../jobs/rates-fixture.js';
import { colleague, ok, outsource, scene, uniq, uploadTo, type World } from './job-view-cache-fixture.js';

/**
 * Shared set-up of the freshness tests (view-freshness-*.test.ts): a job and a group with a row in
 * every table their objects are made of (match lines, outsourcing and its lines, a tracker entry,
 * notes, labels, files of the job and of the group, shares of both, a project manager), and, on
 * SQLite, a record of every statement the connection runs.
 */
export interface FullObjects {
  world: World;
  jobId: string;
  groupId: string;
  /** A second group, empty (somewhere to move a job to). */
  otherGroupId: string;
  clientId: string;
  supplierId: string;
  outsourcingId: string;
  labelId: string;
  userId: string;
}

export async function fullObjects(t: TestContext): Promise<FullObjects> {
  const world = await buildWorld(t);
  const mate = await colleague(t);
  const { job, client, supplier } = await scene(t, world, { projectManager: mate.id });
  await ok(
    t.api.put(`/v2/jobs/${job.id}/price`, {
      matches: [
        { id: world.match['100%'], value: 600 },
        { id: world.match['No match'], value: 400 },
      ],
    }),
  );
  const { outsourcingId } = await outsource(t, job.id, { supplier, unitCost: 0.05 });
  // A second outsourcing in another currency, and a rate: the job's profitability converts (the
  // account's exchange rates are read when its view is built).
  await insertRate(t, 'USD', '2000-01-03', '1.25');
  await outsource(t, job.id, { supplier, unitCost: 0.01, currency: 'USD' });
  await ok(t.api.post(`/v2/jobs/${job.id}/trackers`, { duration: 3_600_000, from: '2025-02-01T08:00:00Z', billable: true }));
  await ok(mate.api.post(`/v2/jobs/${job.id}/notes`, { content: 'A note' }));
  const labelId = (await ok(t.api.post('/v2/account/labels', { name: uniq('Label'), color: '#abcdef' }), 201)).id as string;
  await ok(t.api.post(`/v2/jobs/${job.id}/labels/${labelId}`));
  const jobFile = await uploadTo(t, `/v2/jobs/${job.id}`, 'source.docx');
  await ok(t.api.put(`/v2/jobs/${job.id}/files/${jobFile.id}/share/with/${outsourcingId}`));
  const groupId = (await ok(t.api.post('/v2/groups', { name: uniq('Group'), client }), 201)).id as string;
  const otherGroupId = (await ok(t.api.post('/v2/groups', { name: uniq('Group') }), 201)).id as string;
  await ok(t.api.post(`/v2/groups/${groupId}/jobs/${job.id}`));
  await ok(mate.api.post(`/v2/groups/${groupId}/notes`, { content: 'A group note' }));
  await ok(t.api.post(`/v2/groups/${groupId}/labels/${labelId}`));
  // Uploaded into an outsourcing of one of its jobs: shared with it (a row of file_outsourcing_shares).
  const groupFile = await uploadTo(t, `/v2/groups/${groupId}`, 'glossary.xlsx', outsourcingId);
  await ok(t.api.put(`/v2/groups/${groupId}/files/${groupFile.id}/share/with/all`));
  return { world, jobId: job.id, groupId, otherGroupId, clientId: client, supplierId: supplier, outsourcingId, labelId, userId: mate.id };
}

/**
 * SQLite: records the SQL of every statement the database's connection runs from now on (each
 * prepared statement is wrapped when prepared, so call this before the first query).
 */
export function recordStatements(database: Database): { statements: string[] } {
  const record = { statements: [] as string[] };
  const sqlite = database.sqlite!;
  const prepare = sqlite.prepare.bind(sqlite);
  const runs = new Set(['all', 'get', 'run', 'iterate']);
  sqlite.prepare = ((text: string) => {
    const statement = prepare(text);
    const proxy: BetterSqlite3.Statement = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (runs.has(property as string)) record.statements.push(target.source);
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result === target ? proxy : result;
        };
      },
    });
    return proxy;
  }) as typeof sqlite.prepare;
  return record;
}

/**
 * A test app (as createTestApp) whose SQLite connection records its statements from the start;
 * on PostgreSQL a plain test app, and no record.
 */
export async function recordedTestApp(env: Record<string, string> = {}): Promise<{ t: TestContext; record?: { statements: string[] } }> {
  if (usingPostgres) return { t: await createTestApp(env) };
  const database = openDatabase('sqlite::memory:');
  const record = recordStatements(database);
  await migrateToLatest(database);
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', ...env });
  const { app, responses } = await buildTestApp({ config, database });
  const account = await createTestAccount(database, 'Agency One');
  const other = await createTestAccount(database, 'Agency Two');
  const t: TestContext = {
    app,
    database,
    config,
    account,
    other,
    responses,
    api: new Api(app, account.apiKey),
    otherApi: new Api(app, other.apiKey),
    async close() {
      await app.close();
      responses.throwMismatches();
      await database.close();
    },
  };
  return { t, record };
}
