import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../processes.js';

/**
 * `npm install` and `npm ci` must be clean on every Node version the project declares: a package
 * whose `engines.node` leaves one of them out makes npm print `EBADENGINE` (cookie 2, pulled in
 * by fastify's light-my-request, wanted Node 22 while the project said Node 20; package.json now
 * overrides it). These read the lock file, so a dependency update that brings such a package back
 * fails here before anyone installs it.
 */
interface LockPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}
interface Lock {
  packages: Record<string, LockPackage>;
}

/**
 * The Node versions a package must admit: the lowest the project's range allows (the oldest
 * supported Node 20) and the Node running the tests when the project supports it.
 */
function nodeVersionsToAdmit(projectRange: string, running: string): string[] {
  const lowest = semver.minVersion(projectRange)?.version;
  if (!lowest) throw new Error(`engines.node "${projectRange}" admits no version`);
  return [...new Set([lowest, ...(semver.satisfies(running, projectRange) ? [semver.clean(running)!] : [])])];
}

/**
 * `path@version needs RANGE` for each installed package whose engines.node leaves out one of
 * `versions`. Optional packages are left out: npm skips an optional package that does not fit the
 * running Node, silently (rollup's optional native helpers), and the parent works without it.
 */
function engineMismatches(lock: Lock, versions: string[]): string[] {
  const found: string[] = [];
  for (const [path, info] of Object.entries(lock.packages)) {
    if (path === '' || info.optional) continue;
    const range = Array.isArray(info.engines) ? undefined : info.engines?.node;
    if (range === undefined) continue;
    const refused = versions.filter((version) => !semver.satisfies(version, range));
    if (refused.length > 0) found.push(`${path}@${info.version} needs node ${range} (not ${refused.join(', ')})`);
  }
  return found;
}

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;

describe('package engines', () => {
  it('the project supports Node 20, and the lock file was written for the same engines', () => {
    expect(semver.minVersion(packageJson.engines.node)?.major).toBe(20);
    expect(lock.packages['']?.engines).toEqual(packageJson.engines);
  });

  it('every package of the lock file admits the oldest supported Node and the running one', () => {
    const versions = nodeVersionsToAdmit(packageJson.engines.node, process.version);
    expect(versions[0]).toMatch(/^20\./);
    expect(engineMismatches(lock, versions)).toEqual([]);
  });

  it('the check finds what npm warns about, and leaves optional packages out', () => {
    const sample: Lock = {
      packages: {
        '': { engines: { node: '>=20.19.0' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vite': { version: '7.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/old': { version: '1.0.0', engines: { node: '^20.20.5' } },
        'node_modules/native-helper': { version: '1.5.1', optional: true, engines: { node: '>=22' } },
        'node_modules/legacy': { version: '0.1.0', engines: ['node >= 0.4'] },
      },
    };
    expect(nodeVersionsToAdmit('>=20.19.0', 'v20.20.2')).toEqual(['20.19.0', '20.20.2']);
    expect(nodeVersionsToAdmit('>=20.19.0', 'v18.20.0')).toEqual(['20.19.0']);
    expect(engineMismatches(sample, ['20.19.0', '20.20.2'])).toEqual([
      'node_modules/cookie@2.0.2 needs node >=22 (not 20.19.0, 20.20.2)',
      'node_modules/old@1.0.0 needs node ^20.20.5 (not 20.19.0, 20.20.2)',
    ]);
    expect(engineMismatches(sample, ['22.12.0'])).toEqual(['node_modules/old@1.0.0 needs node ^20.20.5 (not 22.12.0)']);
  });
});
