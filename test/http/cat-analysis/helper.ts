import { expect } from 'vitest';
import type { TestContext } from '../../helper.js';
import { upload, type Part } from '../files/helper.js';
import type { World } from '../jobs/fixture.js';

/** Shared set-up of the CAT analysis endpoint tests. */
export { sample } from '../../unit/cat-fixtures.js';

export const CONFIGS = '/v2/account/cat-configurations';

/** Creates a CAT configuration with mappings: [match category name, tool matches]. */
export async function newConfiguration(
  t: TestContext,
  w: World,
  catTool: string,
  mappings: Array<[string, string[]]>,
  options: { source?: string; factor?: number; unit?: string; name?: string } = {},
): Promise<string> {
  const created = await t.api.post(CONFIGS, {
    name: options.name ?? `${catTool} ${Math.random().toString(36).slice(2, 8)}`,
    catTool,
    conversionFactor: options.factor ?? 1,
    destinationQuantityType: w.unit[options.unit ?? 'Words']!,
    sourceQuantityType: options.source ?? 'words',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  for (const [category, toolMatches] of mappings) {
    for (const toolMatch of toolMatches) {
      const added = await t.api.post(`${CONFIGS}/${id}/match/${w.match[category]}/cat-tool-match/${toolMatch}`);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  }
  return id;
}

/** Every Trados band mapped to the account's default categories, in this order. */
export const TRADOS_MAPPING: Array<[string, string[]]> = [
  ['Context match', ['perfect', 'inContextExact']],
  ['Repetitions', ['repeated', 'crossFileRepeated']],
  ['100%', ['exact', 'locked']],
  ['95-99%', ['fuzzy9599', 'internalFuzzy9599']],
  ['85-94%', ['fuzzy8594', 'internalFuzzy8594']],
  ['75-84%', ['fuzzy7584', 'internalFuzzy7584']],
  ['50-74%', ['fuzzy5074', 'internalFuzzy5074']],
  ['No match', ['new', 'newBaseline', 'newLearnings']],
];

export const PHRASE_MAPPING: Array<[string, string[]]> = [
  ['Context match', ['contextMatch']],
  ['Repetitions', ['repetitions']],
  ['100%', ['exact']],
  ['95-99%', ['fuzzy9599']],
  ['85-94%', ['fuzzy8594']],
  ['75-84%', ['fuzzy7584']],
  ['50-74%', ['fuzzy5074']],
  ['No match', ['noMatch']],
];

/** POSTs a multipart import: the report in `file` (when given) and text fields. */
export function postReport(
  t: TestContext,
  url: string,
  file: { name: string; content: Uint8Array | string } | null,
  fields: Record<string, string> = {},
  apiKey?: string,
) {
  const parts: Part[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (file) parts.unshift({ name: 'file', filename: file.name, content: typeof file.content === 'string' ? file.content : Buffer.from(file.content) });
  return upload(t, url, parts, apiKey === undefined ? {} : { apiKey });
}

/** The job as stored and its job.updated events: a rejected import changes neither. */
export async function snapshot(t: TestContext, jobId: string): Promise<{ job: unknown; events: number }> {
  const job = (await t.api.get(`/v2/jobs/${jobId}`)).body;
  const rows = await t.database.db
    .selectFrom('events')
    .select('data')
    .where('account_id', '=', t.account.accountId)
    .where('type', '=', 'job.updated')
    .execute();
  return { job, events: rows.filter((row) => (JSON.parse(row.data) as { id: string }).id === jobId).length };
}
