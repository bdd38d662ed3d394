import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helper.js';
import { BACKENDS, createFileTestApp, download, uploadFile, type FileTestContext } from './helper.js';

/**
 * Downloads of a supplier's and a group's files (GET and HEAD): the same family as a client's
 * (download.test.ts covers ranges, validators and errors on clients), configured per owner.
 */
describe.each(BACKENDS)('supplier and group file downloads (%s storage)', (backend) => {
  let t: FileTestContext;
  const owners: Record<'supplier' | 'group', string> = { supplier: '', group: '' };
  beforeAll(async () => {
    t = await createFileTestApp(backend);
    owners.supplier = `/v2/suppliers/${(await t.api.post('/v2/suppliers', { name: 'Lingua Partners' })).body.id}`;
    owners.group = `/v2/groups/${(await t.api.post('/v2/groups', { name: 'Launch 2027' })).body.id}`;
  });
  afterAll(() => t.close());

  for (const owner of ['supplier', 'group'] as const) {
    it(`${owner}: GET streams the bytes, HEAD sends the same headers and no body, another account gets 404`, async () => {
      const content = `Glossary of the ${owner}, é and 漢字`;
      const uploaded = await uploadFile(t, owners[owner], 'glossary.txt', content);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const url = `${owners[owner]}/files/${uploaded.body.id}/download`;

      const get = await download(t, url);
      expect(get.statusCode).toBe(200);
      expect(get.body).toBe(content);
      expect(get.headers['content-length']).toBe(String(Buffer.byteLength(content)));
      expect(String(get.headers['content-disposition'])).toContain('glossary.txt');

      const head = await download(t, url, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of ['content-length', 'content-type', 'etag', 'content-disposition']) expect(head.headers[name], name).toBe(get.headers[name]);

      expectError(await t.otherApi.get(url), 404, 'resource_missing');
      const otherHead = await t.app.inject({ method: 'HEAD', url, headers: { authorization: `Bearer ${t.other.apiKey}` } });
      expect(otherHead.statusCode).toBe(404);
    });
  }
});
