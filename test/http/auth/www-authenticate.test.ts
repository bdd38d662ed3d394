import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createTestApp, type TestContext } from '../../helper.js';

/**
 * The 401's Basic challenge (docs/reference.md#authentication) as real clients get it from a
 * listening server: Node's own fetch (undici, which sends `Sec-Fetch-Mode: cors` on every request)
 * and a curl-like request get `WWW-Authenticate`; the console's page is tested in Chromium
 * (test/browser/auth/unauthorized.test.ts).
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const REALM = 'Basic realm="Transdesk"';

/** A request as curl makes it: no fetch metadata. */
function curlLike(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { 'user-agent': 'curl/8.5.0', accept: '*/*', ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

describe('WWW-Authenticate on a 401', () => {
  it("Node's fetch gets the challenge, without a key and with a wrong one", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer td_wrong' },
      { authorization: `Basic ${Buffer.from('td_wrong:').toString('base64')}` },
    ]) {
      const response = await fetch(`${base}/v2/jobs`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate'), JSON.stringify(headers)).toBe(REALM);
      expect(await response.json()).toMatchObject({ code: 'unauthorized', name: 'Unauthorized' });
    }
  });

  it('a curl-like request gets the challenge', async () => {
    const response = await curlLike('/v2/jobs');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe(REALM);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'unauthorized' });
  });

  it('a browser script (fetch metadata with Sec-Fetch-Site, or the console’s mark) gets the 401 without it', async () => {
    const script = await curlLike('/v2/jobs', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
    expect(script.status).toBe(401);
    expect(script.headers['www-authenticate']).toBeUndefined();
    const console = await fetch(`${base}/v2/jobs`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(console.status).toBe(401);
    expect(console.headers.get('www-authenticate')).toBeNull();
  });

  it('a key that works is answered 200, with no challenge', async () => {
    const response = await fetch(`${base}/v2/jobs`, { headers: { authorization: `Bearer ${t.account.apiKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});
