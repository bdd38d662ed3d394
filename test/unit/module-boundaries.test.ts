import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** One line per violation: the rule, the importing file and the imported one (or the circle). */
function describeViolation(violation: IViolation): string {
  const via = violation.cycle?.length ? ` (circle: ${violation.cycle.map((step) => step.name).join(' → ')})` : '';
  return `${violation.rule.name}: ${violation.from} → ${violation.to}${via}`;
}

interface Rule {
  name: string;
  severity: string;
}
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: Rule[] };
const ruleNamed = (name: string) => config.forbidden.find((rule) => rule.name === name)!;

/** The violations of a cruise of `roots` with the configuration, and how many files it read. */
async function cruiseWithConfig(roots: string[], extra: ICruiseOptions = {}): Promise<{ cruised: number; errors: string[] }> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const tsConfig = extractTSConfig('tsconfig.json');
  const result = await cruise(roots, { ...options, ...extra }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
  const { summary } = result.output;
  return { cruised: summary.totalCruised, errors: summary.violations.filter((violation) => violation.rule.severity === 'error').map(describeViolation) };
}

// The rules live in .dependency-cruiser.cjs (docs/development.md#import-rules).
describe('module boundaries', () => {
  it('src has no import circles nor loops between module folders, reaches other modules through their index.ts, and core imports no module', async () => {
    const { cruised, errors } = await cruiseWithConfig(['src']);
    // A cruise that found nothing would pass for the wrong reason.
    expect(cruised).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  }, 120_000);

  // Switched on in .dependency-cruiser.cjs (CONSOLE_MODULE_LOOPS) once the console's module folders form no loop.
  it.skipIf(ruleNamed('no-loop-between-console-modules').severity !== 'error')(
    'console/src has no loops between module folders',
    async () => {
      const { cruised, errors } = await cruiseWithConfig(['console/src']);
      expect(cruised).toBeGreaterThan(100);
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it('the loop rule finds a loop between two module folders, through a subfolder and another folder, and not one inside a module', async () => {
    const root = mkdtempSync(join(tmpdir(), 'module-loops-'));
    const write = (path: string, source: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), source);
    };
    try {
      // parties → notes/party (a subfolder) → app (no module) → parties: a loop between parties and notes.
      write('src/modules/parties/index.js', "import { note } from '../notes/party/note.js';\nexport const party = () => note;\n");
      write('src/modules/notes/party/note.js', "import { base } from '../../../app/base.js';\nexport const note = base;\n");
      write('src/app/base.js', "import { party } from '../modules/parties/index.js';\nexport const base = () => party;\n");
      // jobs ↔ jobs/job: files of one module, in two folders; no loop between modules.
      write('src/modules/jobs/index.js', "import { job } from './job/job.js';\nexport const jobs = () => job;\n");
      write('src/modules/jobs/job/job.js', "import { jobs } from '../index.js';\nexport const job = () => jobs;\n");
      const { errors } = await cruiseWithConfig(['src'], { baseDir: root, tsPreCompilationDeps: false });
      const loops = errors.filter((line) => line.startsWith('no-loop-between-modules:'));
      expect(loops).toEqual([
        'no-loop-between-modules: src/modules/parties → src/modules/notes/party (circle: src/modules/notes/party → src/app → src/modules/parties)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
