import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';

/**
 * `redocly lint` with Redocly's recommended rules (redocly.yaml: the one rule turned off says why)
 * finds no error and no warning in the document the server answers. The CLI runs as a user would
 * run it, on the document written to a file, with its usage data turned off (no internet here).
 */
let t: TestContext;
let folder: string;
beforeAll(async () => {
  t = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'transdesk-openapi-lint-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

it('passes redocly lint (recommended rules) with no error and no warning', async () => {
  const document = (await t.api.withKey(undefined).get('/v2/openapi.json')).body;
  const file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const lint = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'], {
    cwd: folder,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location.map((at) => at.pointer).join(', ')})`);
  expect(problems).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
}, 120_000);
