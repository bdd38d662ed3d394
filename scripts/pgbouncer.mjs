/**
 * Starts Debian's PgBouncer in transaction pooling mode in front of the local PostgreSQL, for the
 * tests and the bench (docs/operations.md#behind-a-connection-pooler-pgbouncer): every database
 * name is passed through, as the user the URL names, with trust authentication (the upstream's).
 * Used by test/http/platform/pgbouncer.test.ts and `npm run bench -- --pgbouncer`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PgBouncer binary, or undefined (Debian's package `pgbouncer` is not installed). */
export function pgBouncerPath() {
  for (const candidate of [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (candidate && spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  return undefined;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function accepting(port, deadline) {
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * @param {{ upstream: string, serverConnections?: number }} options upstream: a postgres:// URL
 *   (its host, port and user); serverConnections: PgBouncer's connections to PostgreSQL per
 *   database (fewer than the server's pool, so that transactions share them).
 * @returns {Promise<{ port: number, urlOf: (database: string) => string, stop: () => Promise<void> }>}
 */
export async function startPgBouncer({ upstream, serverConnections = 4 }) {
  const binary = pgBouncerPath();
  if (binary === undefined) throw new Error('PgBouncer is not installed (Debian: apt-get install pgbouncer)');
  const url = new URL(upstream);
  const user = decodeURIComponent(url.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'transdesk-pgbouncer-'));
  // PgBouncer refuses to run as root: it runs as the database's system user, who must read this
  // folder (it writes nothing there: its log goes to its standard error).
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${url.hostname} port=${url.port || 5432} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 500',
      // node-pg sends no startup parameter PgBouncer 1.18 would refuse; this keeps it so for psql too.
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(binary, [...asUser, join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Its log, kept short: what it said last is what explains a failure.
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (!(await accepting(port, Date.now() + 10_000))) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PgBouncer did not start: ${stderr}`);
  }
  return {
    port,
    urlOf: (database) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
