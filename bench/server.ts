/**
 * Starting the processes the benchmarks measure: a Transdesk server, or a baseline or write-floor
 * server, each printing "Listening on http://HOST:PORT" once it accepts requests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: commands run from there (`dist/cli.js`, `src/cli.ts`). */
export const BENCH_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What every benchmark's server runs with: production mode, warnings only, no rate limit, a free port on the loopback. */
export const SERVER_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', PORT: '0', HOST: '127.0.0.1' } as const;

/** Runs `node …command` from the root and answers once it prints its address; rejects if it exits first. */
export function startListening(command: readonly string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [...command], { cwd: BENCH_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, base: match[1]! });
    });
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code} before listening`)));
  });
}

/** A Transdesk server (`dist/cli.js serve` unless `command` says otherwise) with SERVER_ENV and `env` over this process's environment. */
export function startBenchServer(env: NodeJS.ProcessEnv, command: readonly string[] = ['dist/cli.js', 'serve']) {
  return startListening(command, { ...process.env, ...SERVER_ENV, ...env });
}
