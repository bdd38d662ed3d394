import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Where the code of src/ reads and writes each table, found in its syntax: the query builder's
 * calls (`insertInto`, `updateTable`, `deleteFrom`; `selectFrom` and the joins), the column lists
 * of prepared queries (`columnsOf`, `qualifiedColumnsOf`) and SQL written as text (`insert into`,
 * `update … set`, `delete from`; `from`, `join`). Migrations are left out: they shape every table.
 */
export interface TableAccess {
  /** The file, relative to src/ (`modules/groups/repository.ts`). */
  file: string;
  line: number;
  kind: 'write' | 'read';
  /** The table, or null for a write whose table is an expression (a variable, `table as 'clients'`). */
  table: string | null;
}

const WRITE_CALLS = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const READ_CALLS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'columnsOf', 'qualifiedColumnsOf']);
const SQL_WRITES = [/\binsert\s+(?:or\s+\w+\s+)?into\s+([a-z_]+)/gi, /\bupdate\s+([a-z_]+)\s+set\b/gi, /\bdelete\s+from\s+([a-z_]+)/gi];
const SQL_READS = [/(?<!\bdelete\s+)\b(?:from|join)\s+([a-z_]+)/gi];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('core', 'db', 'migrations')) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `'jobs'` or `'jobs as j'` → `jobs`; anything else (a variable, a cast) → null. */
function literalTable(node: ts.Expression | undefined): string | null {
  if (!node || !ts.isStringLiteralLike(node)) return null;
  return node.text.split(/\s+as\s+/)[0]!.trim();
}

/** Every read and write of a table by the code under `srcDir`; `tables` are the names SQL text may use. */
export function tableAccesses(srcDir: string, tables: ReadonlySet<string>): TableAccess[] {
  const found: TableAccess[] = [];
  for (const path of sourceFiles(srcDir)) {
    const file = relative(srcDir, path).split('\\').join('/');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node, kind: TableAccess['kind'], table: string | null) =>
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, kind, table });
    const scanText = (node: ts.Node, text: string) => {
      for (const [kind, patterns] of [
        ['write', SQL_WRITES],
        ['read', SQL_READS],
      ] as const) {
        for (const pattern of patterns) {
          for (const match of text.matchAll(pattern)) {
            const table = match[1]!.toLowerCase();
            if (tables.has(table)) add(node, kind, table);
          }
        }
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
        if (name !== null && WRITE_CALLS.has(name)) add(node, 'write', literalTable(node.arguments[0]));
        else if (name !== null && READ_CALLS.has(name)) {
          const table = literalTable(node.arguments[0]);
          if (table !== null) add(node, 'read', table);
        }
      } else if (ts.isNoSubstitutionTemplateLiteral(node)) {
        scanText(node, node.text);
      } else if (ts.isTemplateExpression(node)) {
        // The literal parts with a space for each substitution: `update ${t} set` names no table.
        scanText(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ${} '));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
