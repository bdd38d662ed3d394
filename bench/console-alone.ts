/**
 * `tsx bench/console-alone.ts [--scale N] [--first-load]`: the web console's figures alone
 * (bench/console.ts), on a small data set (1 000 jobs by default) and a server of its own: for
 * working on the console's speed without the whole `npm run bench`. `--first-load`: only the first
 * loads of the landing pages (bench/console-first-load.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureConsole } from './console.js';
import { generate } from './data.js';
import { consoleMarkdown } from './report.js';
import { signIn } from './sign-in.js';
import { SERVER_ENV, startListening } from './server.js';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1000' }, 'first-load': { type: 'boolean', default: false } } });
const dir = mkdtempSync(join(tmpdir(), 'transdesk-console-bench-'));
const log = (line: string) => process.stdout.write(`${line}\n`);
const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
const data = await generate(databaseUrl, Number(values.scale), log);
const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, DATABASE_URL: databaseUrl, FILE_STORAGE: `fs:${join(dir, 'files')}` };
delete env.BOOTSTRAP_API_KEY;
const { child, base } = await startListening(['dist/cli.js', 'serve'], env);
try {
  const auth = `Bearer ${data.apiKey}`;
  const sessionCookie = await signIn(base, auth, env);
  const measured = await measureConsole({
    base,
    sessionCookie,
    auth,
    jobIds: data.jobIds,
    clientIds: data.console.clientIds,
    log,
    firstLoadsOnly: values['first-load'],
  });
  log(JSON.stringify(measured, null, 2));
  log(consoleMarkdown(measured));
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
