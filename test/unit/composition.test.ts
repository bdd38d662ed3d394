import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUP_EXTENSIONS, JOB_EXTENSIONS } from '../../src/modules/index.js';

/**
 * The job and group extensions are composed in one place, src/modules/index.ts (docs/development.md#import-rules):
 * no module adds itself when it is loaded, every extension a module exports is in the
 * composition's lists, in their order, and nothing in src is imported for its side effects.
 */
const root = join(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
const files = sourceFiles(join(root, 'src'));
const rel = (path: string) => relative(root, path).split('\\').join('/');

/** `export const xJobExtension` / `xGroupExtension` of a file under src/modules. */
const EXTENSION_EXPORT = /^export const (\w+(?:Job|Group)Extension)\b/gm;

describe('composition of the job and group extensions', () => {
  it('nothing in src is imported only for its side effects', () => {
    const offending = files.filter((file) => /^import\s+['"]/m.test(readFileSync(file, 'utf8'))).map(rel);
    expect(offending).toEqual([]);
  });

  it('only the composition configures the extensions', () => {
    const configuring = files.filter((file) => /\b(?:job|group)Extensions\.configure\(/.test(readFileSync(file, 'utf8'))).map(rel);
    expect(configuring).toEqual(['src/modules/index.ts']);
  });

  it('lists every extension a module exports, each exported by its module door, in order', async () => {
    const found: Array<{ file: string; name: string; value: unknown }> = [];
    for (const file of files.filter((path) => rel(path).startsWith('src/modules/'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(EXTENSION_EXPORT)) {
        const module = (await import(file)) as Record<string, unknown>;
        found.push({ file: rel(file), name: match[1]!, value: module[match[1]!] });
      }
    }
    expect(found.length).toBe(JOB_EXTENSIONS.length + GROUP_EXTENSIONS.length);
    for (const { file, name, value } of found) {
      const list: readonly unknown[] = name.endsWith('JobExtension') ? JOB_EXTENSIONS : GROUP_EXTENSIONS;
      expect(list, `${name} of ${file} is not in the composition (src/modules/index.ts)`).toContain(value);
      // The door of the module: its index.ts (files: owners.ts, which the composition imports).
      const moduleDir = file.split('/').slice(0, 3).join('/');
      const door = (await import(join(root, moduleDir, moduleDir.endsWith('/files') ? 'owners.ts' : 'index.ts'))) as Record<string, unknown>;
      expect(door[name], `${name} is not exported by the door of ${moduleDir}`).toBe(value);
    }
    expect(JOB_EXTENSIONS.map((extension) => extension.name)).toEqual(['notes', 'groups', 'trackers', 'files', 'documents']);
    expect(GROUP_EXTENSIONS.map((extension) => extension.name)).toEqual(['files']);
  });

  it('no module configures an extension when it is loaded (every module imported in a fresh process)', () => {
    const modules = files.filter((path) => rel(path).startsWith('src/modules/') || rel(path) === 'src/app.ts').map((path) => JSON.stringify(path));
    const script = `
      for (const file of [${modules.join(',')}]) await import(file);
      const { jobExtensions } = await import(${JSON.stringify(join(root, 'src/modules/jobs/index.ts'))});
      const { groupExtensions } = await import(${JSON.stringify(join(root, 'src/modules/groups/index.ts'))});
      const configured = (registry) => { try { registry.list(); return true; } catch { return false; } };
      console.log(JSON.stringify({ jobs: configured(jobExtensions), groups: configured(groupExtensions) }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ jobs: false, groups: false });
  });
});
