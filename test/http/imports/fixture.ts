import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import type { Role } from '../../../src/core/db/schema.js';
import type { TestContext } from '../../helper.js';

/** Shared helpers of the import tests: sending a CSV body, and a key of a given role. */
export interface ImportReply {
  status: number;
  body: any;
}

export async function sendCsv(
  t: TestContext,
  resource: string,
  csv: string | Buffer,
  options: { dryRun?: boolean; apiKey?: string; contentType?: string } = {},
): Promise<ImportReply> {
  const key = options.apiKey ?? t.account.apiKey;
  const raw = await t.app.inject({
    method: 'POST',
    url: `/v2/imports/${resource}${options.dryRun ? '?dryRun=true' : ''}`,
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': options.contentType ?? 'text/csv' },
    payload: csv,
  });
  return { status: raw.statusCode, body: raw.body.length > 0 ? JSON.parse(raw.body) : undefined };
}

/** A multipart body with the file in the part `file`. */
export async function sendMultipart(t: TestContext, resource: string, csv: string, dryRun = false): Promise<ImportReply> {
  const boundary = 'importboundary42';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${resource}.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `${csv}\r\n--${boundary}--\r\n`;
  const raw = await t.app.inject({
    method: 'POST',
    url: `/v2/imports/${resource}${dryRun ? '?dryRun=true' : ''}`,
    headers: {
      authorization: `Basic ${Buffer.from(`${t.account.apiKey}:`).toString('base64')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: raw.statusCode, body: JSON.parse(raw.body) };
}

/** An API key of a new user of the account with this role. */
export async function keyOfRole(t: TestContext, role: Role): Promise<string> {
  const user = await t.api.post('/v2/users', { name: `Import ${role} ${Math.random()}`, role });
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user.body.id as string, { name: `${role} key` });
  return apiKey;
}
