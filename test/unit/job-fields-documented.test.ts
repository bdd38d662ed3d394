import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Job } from '../../src/modules/jobs/schemas.js';
import { repoRoot } from './docs-files.js';

/**
 * Every field of the job object is in the fields table of docs/jobs.md ("The job object" →
 * "Fields"), and the table names no field the job does not have. The fields are those of the
 * response schema the API serialises with and the OpenAPI document publishes (`Job` of
 * `src/modules/jobs/schemas.ts`): its own properties, and those of `quantity` as `quantity.<name>`.
 * A field counts as documented when its name, in backticks, is in the first cell of a row of that
 * table (`| \`createdAt\`, \`updatedAt\` | …` documents both).
 */

/** The field names of the job object, `quantity`'s as `quantity.<name>`. */
function jobFields(schema: TObject): string[] {
  const quantity = schema.properties.quantity as TObject;
  return [...Object.keys(schema.properties), ...Object.keys(quantity.properties).map((name) => `quantity.${name}`)];
}

/** The names in backticks in the first cell of each row of the table under `### Fields` of `## The job object`. */
function documentedFields(markdown: string): string[] {
  const section = /^## The job object\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1];
  if (section === undefined) throw new Error('docs/jobs.md has no "## The job object" section');
  const fields = /^### Fields\n([\s\S]*?)(?=^#{2,3} |(?![\s\S]))/m.exec(section)?.[1];
  if (fields === undefined) throw new Error('"## The job object" has no "### Fields" table');
  const rows = fields.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line));
  return rows.slice(1).flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

/** What the table lacks and what it names that the schema has not. */
function fieldsTableProblems(schema: TObject, markdown: string): { undocumented: string[]; unknown: string[] } {
  const fields = jobFields(schema);
  const documented = documentedFields(markdown);
  return { undocumented: fields.filter((field) => !documented.includes(field)), unknown: documented.filter((field) => !fields.includes(field)) };
}

const jobsPage = readFileSync(path.join(repoRoot, 'docs/jobs.md'), 'utf8');

describe('docs/jobs.md documents every field of the job object', () => {
  it('has a row for each field of the job schema and of its quantity, and none for a field it lacks', () => {
    expect(jobFields(Job).length).toBeGreaterThan(40);
    expect(fieldsTableProblems(Job, jobsPage)).toEqual({ undocumented: [], unknown: [] });
  });

  it('fails for a field missing from the table, and for a row of a field the schema does not have', () => {
    const withoutPurchaseOrder = jobsPage.replace(/^\| `purchaseOrder` \|.*\n/m, '');
    expect(withoutPurchaseOrder).not.toBe(jobsPage);
    expect(fieldsTableProblems(Job, withoutPurchaseOrder)).toEqual({ undocumented: ['purchaseOrder'], unknown: [] });
    const withoutUpdatedAt = jobsPage.replace('| `createdAt`, `updatedAt` |', '| `createdAt` |');
    expect(fieldsTableProblems(Job, withoutUpdatedAt).undocumented).toEqual(['updatedAt']);
    const withStale = jobsPage.replace('| `pinned` |', '| `pinned`, `starred` |');
    expect(fieldsTableProblems(Job, withStale)).toEqual({ undocumented: [], unknown: ['starred'] });
    // A field named elsewhere on the page (in prose, in the example) does not count.
    expect(jobsPage.replace(/^\| `isV2` \|.*\n/m, '')).toContain('"isV2"');
    expect(fieldsTableProblems(Job, jobsPage.replace(/^\| `isV2` \|.*\n/m, '')).undocumented).toEqual(['isV2']);
  });
});
