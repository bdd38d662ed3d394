import { describe, expect, it } from 'vitest';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** One line per violation: the rule, the importing file and the imported one (or the circle). */
function describeViolation(violation: IViolation): string {
  const via = violation.cycle?.length ? ` (circle: ${violation.cycle.map((step) => step.name).join(' → ')})` : '';
  return `${violation.rule.name}: ${violation.from} → ${violation.to}${via}`;
}

// The rules live in .dependency-cruiser.cjs (docs/development.md#import-rules).
describe('module boundaries', () => {
  it('src has no import circles, reaches other modules through their index.ts, and core imports no module', async () => {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const tsConfig = extractTSConfig('tsconfig.json');
    const result = await cruise(['src'], options, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
    const { summary } = result.output;
    // A cruise that found nothing would pass for the wrong reason.
    expect(summary.totalCruised).toBeGreaterThan(200);
    expect(summary.violations.map(describeViolation)).toEqual([]);
  }, 120_000);
});
