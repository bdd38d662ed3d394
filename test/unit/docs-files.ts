/**
 * Test support for the documentation checks: the repository's own text files, and the anchors a
 * Markdown page offers (GitHub's heading ids, computed by github-slugger, the library GitHub's
 * algorithm is published as).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Source and documentation: what a person reads. Data files (CAT sample reports, results) are left out. */
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|md|sh)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) walk(full, out);
    } else if (TEXT.test(name)) {
      out.push(full);
    }
  }
}

/** Repository-relative paths (with `/`) of README.md and the text files under the given folders. */
export function repoTextFiles(folders: readonly string[]): string[] {
  const files = [path.join(repoRoot, 'README.md')];
  for (const folder of folders) walk(path.join(repoRoot, folder), files);
  return files.map((file) => path.relative(repoRoot, file).split(path.sep).join('/')).sort();
}

export function readRepoFile(relative: string): string {
  return readFileSync(path.join(repoRoot, relative), 'utf8');
}

/** The lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
export function proseLines(markdown: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(```|~~~)/.exec(text)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (fence === marker) fence = undefined;
      return;
    }
    if (fence === undefined) out.push({ line: index + 1, text });
  });
  return out;
}

/** The heading ids GitHub gives a Markdown page (duplicates get `-1`, `-2`, … as GitHub does). */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    // What GitHub renders: link text without its target, code without its backticks, no emphasis marks.
    const rendered = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    anchors.add(slugger.slug(rendered));
  }
  return anchors;
}
