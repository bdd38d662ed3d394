import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, proseLines, readRepoFile, repoRoot, repoTextFiles } from './docs-files.js';

/**
 * Every relative link of README and docs leads to a file of the repository and, when it names an
 * anchor, to a heading of that page; so does every `docs/<page>.md#anchor` that a comment, a test
 * or a page names in plain text.
 */
type Read = (file: string) => string;

/** A page's text, or undefined when the repository has no such file. */
function contentOf(file: string, read: Read): string | undefined {
  try {
    return read(file);
  } catch {
    return undefined;
  }
}

/** Why a target (repository-relative file, optional anchor) does not resolve, or undefined. */
function brokenTarget(file: string, anchor: string | undefined, read: Read): string | undefined {
  const content = file.endsWith('.md') ? contentOf(file, read) : existsSync(path.join(repoRoot, file)) ? '' : undefined;
  if (content === undefined) return `no file ${file}`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md')) return undefined;
  return anchorsOf(content).has(decodeURIComponent(anchor)) ? undefined : `no heading #${anchor} in ${file}`;
}

/** `[text](target)` links of a Markdown page, outside code; external ones left out. */
function markdownLinks(markdown: string): Array<{ line: number; target: string }> {
  const links: Array<{ line: number; target: string }> = [];
  for (const { line, text } of proseLines(markdown)) {
    const withoutCode = text.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line, target });
    }
  }
  return links;
}

function brokenLinks(files: readonly string[], read: Read): string[] {
  const broken: string[] = [];
  for (const file of files) {
    for (const { line, target } of markdownLinks(read(file))) {
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
      const problem = brokenTarget(resolved, anchor, read);
      if (problem) broken.push(`${file}:${line}: (${target}): ${problem}`);
    }
  }
  return broken;
}

/** Plain-text mentions such as `docs/jobs.md#status` in comments, tests and pages (paths from the repository root). */
function brokenMentions(files: readonly string[], read: Read): string[] {
  const broken: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((text, index) => {
        for (const match of text.matchAll(/(?<![\w/.-])(docs\/[\w-]+\.md)(?:#([\w-]+))?/g)) {
          const problem = brokenTarget(match[1]!, match[2], read);
          if (problem) broken.push(`${file}:${index + 1}: ${match[0]}: ${problem}`);
        }
      });
  }
  return broken;
}

describe('links of README and docs', () => {
  const pages = repoTextFiles(['docs']).filter((file) => file.endsWith('.md'));

  it('reads README and every page of docs', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/reference.md');
    expect(pages.length).toBeGreaterThan(10);
  });

  it('every relative link points to an existing file and heading', () => {
    expect(brokenLinks(pages, readRepoFile)).toEqual([]);
  });

  it('every docs/….md mention in sources, tests, benchmarks, scripts and pages points to an existing page and heading', () => {
    const files = repoTextFiles(['docs', 'src', 'test', 'bench', 'scripts', 'bin']).filter((file) => file !== 'test/unit/docs-links.test.ts');
    expect(brokenMentions(files, readRepoFile)).toEqual([]);
  });

  it('finds a missing file, a missing heading and a missing anchor of the same page', () => {
    const samples: Record<string, string> = {
      'docs/a.md': [
        '# A page',
        '## Errors and `codes`',
        'Fine: [errors](#errors-and-codes), [jobs](jobs.md#status), [home](../README.md), [web](https://example.com/x.md).',
        'Broken: [x](missing.md), [y](jobs.md#no-such-heading), [z](#nowhere).',
        '```',
        '[in code](missing-too.md)',
        '```',
      ].join('\n'),
      'src/b.ts': '// see docs/jobs.md#status and docs/jobs.md#nope and docs/none.md; /v2/docs/static.md is no page',
    };
    const read = (file: string) => samples[file] ?? readRepoFile(file);
    expect(brokenLinks(['docs/a.md'], read).map((line) => line.split(': ')[0])).toEqual(['docs/a.md:4', 'docs/a.md:4', 'docs/a.md:4']);
    expect(brokenMentions(['src/b.ts'], read).map((line) => line.split(': ')[1])).toEqual(['docs/jobs.md#nope', 'docs/none.md']);
  });
});
