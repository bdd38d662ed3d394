import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The pages, the operation each posts to, and the fields a person fills in. */
const PAGES = [
  { path: '/accept-invitation', endpoint: '/v2/auth/invitations/accept', fields: ['name', 'password', 'confirm'], token: 'yes' },
  { path: '/reset-password', endpoint: '/v2/auth/password-reset/confirm', fields: ['password', 'confirm'], token: 'yes' },
  { path: '/set-password', endpoint: '/v2/auth/owner-setup', fields: ['email', 'password', 'confirm'], token: 'yes' },
  { path: '/sign-in', endpoint: '/v2/auth/login', fields: ['email', 'password'], token: 'no' },
];

describe.each(PAGES)('GET $path', (page) => {
  it('answers an HTML page without a key, with a strict Content-Security-Policy that allows only its own script and style', async () => {
    const reply = await t.app.inject({ method: 'GET', url: page.path });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    // The one inline script and style sheet are the ones the policy names by hash; nothing is loaded from elsewhere.
    const html = reply.body;
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`script-src ${sha256(scripts[0]!)}`);
    expect(csp).toContain(`style-src ${sha256(styles[0]!)}`);
    expect(html).not.toMatch(/<script[^>]+src=|<link |<img |\son\w+=/);
  });

  it('has the form fields, each with its label, and posts to its operation', async () => {
    const html = (await t.app.inject({ method: 'GET', url: page.path })).body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`data-endpoint="${page.endpoint}"`);
    expect(html).toContain(`data-token="${page.token}"`);
    const names = [...html.matchAll(/<input id="field-(\w+)" name="(\w+)"/g)].map((match) => {
      expect(match[1]).toBe(match[2]);
      expect(html).toContain(`<label for="field-${match[1]}">`);
      return match[2];
    });
    expect(names).toEqual(page.fields);
    expect(html).toMatch(/<button type="submit">/);
    expect(html).toContain('role="status" aria-live="polite"');
    // Success shows where to go next: signing in, or (signed in already) the API reference.
    expect(html).toMatch(/<div id="done" tabindex="-1" hidden><p>[^<]+<\/p><p><a href="\/(sign-in|docs)">[^<]+<\/a><\/p><\/div>/);
    for (const password of html.matchAll(/<input [^>]*type="password"[^>]*>/g)) expect(password[0]).toMatch(/autocomplete="(new|current)-password"/);
  });
});

it('the pages are not in the API reference', async () => {
  const document = (await t.api.get('/v2/openapi.json')).body as { paths: Record<string, unknown> };
  expect(Object.keys(document.paths).filter((path) => !path.startsWith('/v2/'))).toEqual([]);
});

/**
 * The page's script run against the app, in a small stand-in for the browser (node:vm): what it
 * reads from the address, what it posts, and what it shows.
 */
async function runPage(path: string, hash: string, values: Record<string, string>) {
  const html = (await t.app.inject({ method: 'GET', url: path })).body;
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const attribute = (name: string) => new RegExp(`<form [^>]*${name}="([^"]*)"`).exec(html)![1]!;
  const inputs = [...html.matchAll(/<input [^>]*name="(\w+)"[^>]*>/g)].map((match) => ({
    name: match[1]!,
    required: / required[ >]/.test(match[0]),
    value: values[match[1]!] ?? '',
  }));
  let submit: ((event: { preventDefault(): void }) => void) | undefined;
  const button = { disabled: false };
  const form = {
    hidden: false,
    getAttribute: attribute,
    addEventListener: (_type: string, listener: typeof submit) => (submit = listener),
    elements: { namedItem: (name: string) => inputs.find((input) => input.name === name) ?? null },
    querySelectorAll: () => inputs,
    querySelector: () => button,
  };
  const elements = { form, status: { textContent: '' }, done: { hidden: true, focus() {} } };
  const location = { hash, pathname: path };
  const posted: Array<{ url: string; body: unknown }> = [];
  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    posted.push({ url, body: JSON.parse(init.body) });
    const reply = await t.app.inject({ method: init.method as 'POST', url, headers: init.headers, payload: init.body });
    return { ok: reply.statusCode < 300, status: reply.statusCode, json: async () => JSON.parse(reply.body) };
  };
  const { runInNewContext } = await import('node:vm');
  runInNewContext(script, {
    document: { getElementById: (id: keyof typeof elements) => elements[id] },
    location,
    history: { replaceState: (_state: unknown, _title: string, url: string) => ((location.hash = ''), (location.pathname = url)) },
    fetch,
  });
  return {
    ...elements,
    location,
    posted,
    async submit() {
      submit!({ preventDefault() {} });
      for (let i = 0; i < 50 && elements.status.textContent === 'Sending…'; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

describe('the pages at work', () => {
  it('accept-invitation: reads the token from the fragment, clears it from the address, posts, and shows success', async () => {
    const created = (await t.api.post('/v2/users', { name: 'A Person', email: 'page.user@example.com' })).body;
    const token = /#token=(.*)$/.exec(created.invitation.url)![1]!;
    const page = await runPage('/accept-invitation', `#token=${token}`, { name: 'Page User', password: 'long enough 1', confirm: 'long enough 1' });
    expect(page.location.hash).toBe('');
    await page.submit();
    expect(page.posted).toEqual([{ url: '/v2/auth/invitations/accept', body: { token, name: 'Page User', password: 'long enough 1' } }]);
    expect(page.done.hidden).toBe(false);
    expect(page.form.hidden).toBe(true);
    expect((await t.api.get(`/v2/users/${created.id}`)).body).toMatchObject({ status: 'active', name: 'Page User' });
  });

  it("shows the API's message for a used link, and refuses two different passwords without posting", async () => {
    const differ = await runPage('/reset-password', `#token=${'A'.repeat(43)}`, { password: 'long enough 1', confirm: 'long enough 2' });
    await differ.submit();
    expect(differ.posted).toEqual([]);
    expect(differ.status.textContent).toMatch(/differ/);
    const page = await runPage('/reset-password', `#token=${'A'.repeat(43)}`, { password: 'long enough 1', confirm: 'long enough 1' });
    await page.submit();
    expect(page.status.textContent).toMatch(/^token: this link is not valid/);
    expect(page.done.hidden).toBe(true);
  });

  it('without a token in the address, says what is missing and hides the form', async () => {
    const page = await runPage('/set-password', '', {});
    expect(page.form.hidden).toBe(true);
    expect(page.status.textContent).toMatch(/whole link/);
  });
});
