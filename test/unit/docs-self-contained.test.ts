import { describe, expect, it } from 'vitest';
import { readRepoFile, repoTextFiles } from './docs-files.js';

/**
 * A user has only the repository: README, docs, code comments, tests, benchmarks, scripts and bin may
 * point to the project's own documents, never to design notes, specifications or issue threads
 * kept elsewhere. Each rule names what it refuses; the one allowed exception is narrow.
 */
const RULES: Array<{ name: string; pattern: RegExp }> = [
  { name: 'a design document outside the repository', pattern: /\bDESIGN(?:\.md)?\b/ },
  { name: 'the CAT analysis design note outside the repository', pattern: /CAT-ANALYSIS/ },
  // Section numbers of documents that are not here; a numbered section of an RFC is a public reference.
  { name: 'a section number of a document that is not in the repository', pattern: /(?<!RFC \d+ )§/ },
  { name: 'an issue number (say what and why instead)', pattern: /\bissues?\s+#?\d+/i },
  { name: 'a folder beside the repository', pattern: /\.\.\/shared\b|\bshared\/(?:spec|seed|fixtures)\b/ },
];

/**
 * The optional look-up of real CAT reports beside the repository: the test support may use them as
 * an extra when they are present (the reports kept in the repository are what `npm test` needs).
 */
const ALLOWED: Array<{ file: string; pattern: RegExp }> = [{ file: 'test/unit/cat-fixtures.ts', pattern: /\.\.\/shared\b|\bshared\/fixtures\b/ }];

const SELF = 'test/unit/docs-self-contained.test.ts';

/** Every line of the given files that breaks a rule, as `file:line: rule: text`. */
function outsideReferences(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((text, index) => {
        for (const rule of RULES) {
          const match = rule.pattern.exec(text);
          if (!match) continue;
          if (ALLOWED.some((allowed) => allowed.file === file && allowed.pattern.test(match[0]))) continue;
          found.push(`${file}:${index + 1}: ${rule.name}: ${text.trim().slice(0, 120)}`);
        }
      });
  }
  return found;
}

describe('the documentation stands on its own', () => {
  const files = repoTextFiles(['docs', 'src', 'test', 'bench', 'scripts', 'bin']).filter((file) => file !== SELF);

  it('reads README, docs, sources, tests, benchmarks and scripts', () => {
    for (const expected of ['README.md', 'docs/reference.md', 'src/app.ts', 'test/helper.ts', 'bench/run.ts']) expect(files).toContain(expected);
  });

  it('has no reference to documents, folders or issues outside the repository', () => {
    expect(outsideReferences(files, readRepoFile)).toEqual([]);
  });

  it('finds each kind of outside reference, and allows only the narrow exception', () => {
    const samples: Record<string, string> = {
      'guide/a.md': 'See DESIGN §5.\nAs CAT-ANALYSIS.md says.\nThe rule of §10.4.\nFixed in issue 9.\nSee Issue #12.\nFixtures in ../shared/fixtures/cat.',
      'src/b.ts': '// RFC 9110 §14 is fine; so is a colour #fff and &#65; and a link to docs/reference.md#errors',
      'test/unit/cat-fixtures.ts': "const dir = path.resolve(root, '../shared/fixtures/cat'); // DESIGN §2",
    };
    const found = outsideReferences(Object.keys(samples), (file) => samples[file]!);
    expect(found.map((line) => line.split(': ')[0])).toEqual([
      'guide/a.md:1',
      'guide/a.md:1',
      'guide/a.md:2',
      'guide/a.md:3',
      'guide/a.md:4',
      'guide/a.md:5',
      'guide/a.md:6',
      'test/unit/cat-fixtures.ts:1',
      'test/unit/cat-fixtures.ts:1',
    ]);
    expect(found.filter((line) => line.startsWith('test/unit/cat-fixtures.ts')).every((line) => !line.includes('folder beside'))).toBe(true);
  });
});
