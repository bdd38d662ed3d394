/**
 * `tsx bench/console-alone.ts [--scale N]`: the web console's figures alone (bench/console.ts), on a
 * small data set (1 000 jobs by default) and a server of its own: for working on the console's
 * speed without the whole `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureConsole } from './console.js';
import { generate } from './data.js';
import { consoleMarkdown } from './report.js';
import { signIn } from './sign-in.js';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1000' } } });
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'transdesk-console-bench-'));
const log = (line: string) => process.stdout.write(`${line}\n`);
const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
const data = await generate(databaseUrl, Number(values.scale), log);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: databaseUrl,
  FILE_STORAGE: `fs:${join(dir, 'files')}`,
  PORT: '0',
  HOST: '127.0.0.1',
};
delete env.BOOTSTRAP_API_KEY;
const child = spawn(process.execPath, ['dist/cli.js', 'serve'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
try {
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const auth = `Bearer ${data.apiKey}`;
  const sessionCookie = await signIn(base, auth, env);
  const measured = await measureConsole({ base, sessionCookie, auth, jobIds: data.jobIds, clientIds: data.console.clientIds, log });
  log(JSON.stringify(measured, null, 2));
  log(consoleMarkdown(measured));
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
