import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's layers (docs/console.md#how-it-is-built): `shared/` (api, i18n, formatting, ui,
 * session, routing, the list-page kit) below the feature modules `modules/<area>/`, and `app/` (the
 * router and the frame) on top. Read from the imports of console/src, as the server's boundaries
 * test reads src/.
 */
const root = resolve(import.meta.dirname, '../..');
const consoleSource = join(root, 'console/src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** What a relative import names: the file, with the extension and `/index` the bundler adds. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const path = target + suffix;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

interface Import {
  from: string;
  to: string;
  dynamic: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function importsOf(file: string): Import[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].flatMap((match) => {
    const specifier = match[1] ?? match[2]!;
    const to = resolveImport(file, specifier);
    if (!to) throw new Error(`${relative(root, file)}: cannot resolve ${specifier}`);
    return [{ from: file, to, dynamic: match[2] !== undefined }];
  });
}

/** The folder a file belongs to: `modules/<area>`, `shared`, `app`, or `.` (main.tsx); outside the console, its path. */
function folderOf(file: string): string {
  const path = relative(consoleSource, file).split(sep);
  if (path[0] === '..') return relative(root, file);
  if (path[0] === 'modules') return `modules/${path[1]}`;
  return path.length === 1 ? '.' : path[0]!;
}

const files = sourceFiles(consoleSource);
const imports = files.flatMap(importsOf);

/** The folders' graph: an arrow per pair of folders, with the imports that draw it. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a === b) continue;
    const arrows = graph.get(a) ?? new Map<string, string[]>();
    graph.set(a, arrows);
    arrows.set(b, [...(arrows.get(b) ?? []), `${relative(consoleSource, from)} -> ${relative(consoleSource, to)}`]);
  }
  return graph;
}

/** The loops of a graph: its strongly connected components of more than one folder (Tarjan). */
function loopsOf(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
}

describe('the console modules', () => {
  it('form no loop between folders', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(loopsOf(graph)).toEqual([]);
  });

  it('shared/ imports no feature module and not the shell; no feature module imports the shell', () => {
    const wrong = imports
      .filter(({ from, to }) => {
        const [a, b] = [folderOf(from), folderOf(to)];
        return (a === 'shared' && (b.startsWith('modules/') || b === 'app')) || (a.startsWith('modules/') && b === 'app');
      })
      .map(({ from, to }) => `${relative(consoleSource, from)} -> ${relative(consoleSource, to)}`);
    expect(wrong).toEqual([]);
  });

  it('reach another module through its index.ts (the shell also through its routes.ts), never into its files', () => {
    const wrong = imports
      .filter(({ from, to }) => {
        const [a, b] = [folderOf(from), folderOf(to)];
        if (a === b || !b.startsWith('modules/')) return false;
        const door = relative(join(consoleSource, b), to);
        return !(door === 'index.ts' || (a === 'app' && /^routes\.tsx?$/.test(door)));
      })
      .map(({ from, to, dynamic }) => `${relative(consoleSource, from)} -> ${relative(consoleSource, to)}${dynamic ? ' (import())' : ''}`);
    expect(wrong).toEqual([]);
  });

  it("import of the server's code only pure files of src/core, which import nothing", () => {
    const outside = [...new Set(imports.filter(({ to }) => !to.startsWith(consoleSource + sep)).map(({ to }) => relative(root, to)))];
    expect(outside.length).toBeGreaterThan(0);
    for (const path of outside) {
      expect(path, path).toMatch(/^src\/core\/[a-z-]+\.ts$/);
      expect(readFileSync(join(root, path), 'utf8'), path).not.toMatch(/^\s*import\s/m);
    }
  });

  it('call the API from their query files, never from a component', () => {
    const calls = files
      .filter((file) => file.endsWith('.tsx') && /\bapi\.(GET|POST|PUT|PATCH|DELETE)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(consoleSource, file));
    expect(calls).toEqual([]);
  });
});
