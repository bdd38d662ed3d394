import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * A 401 in Chromium (docs/reference.md#authentication): the console's page and its scripts get no
 * Basic challenge, so the browser never asks for a user name and password in its own dialog; a
 * navigation to the API still gets it.
 */
describe.skipIf(skipReason)('401 without a password dialog', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  /**
   * The URLs for which Chromium would ask for credentials: DevTools' Fetch domain reports each
   * challenge it meets (`Fetch.authRequired`) where the browser would open its dialog; each is
   * cancelled, as a person closing the dialog would.
   */
  async function watchChallenges(page: Page): Promise<string[]> {
    const challenged: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Fetch.requestPaused', (event: { requestId: string }) => void cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => {}));
    cdp.on('Fetch.authRequired', (event: { requestId: string; request: { url: string } }) => {
      challenged.push(new URL(event.request.url).pathname);
      void cdp.send('Fetch.continueWithAuth', { requestId: event.requestId, authChallengeResponse: { response: 'CancelAuth' } }).catch(() => {});
    });
    await cdp.send('Fetch.enable', { handleAuthRequests: true, patterns: [{ urlPattern: '*' }] });
    return challenged;
  }

  it("a fetch() and an XMLHttpRequest from the console's page get 401 without WWW-Authenticate; the console's own calls too", async () => {
    const page = await world.newPage();
    const challenged = await watchChallenges(page);
    const unauthorized: Array<{ path: string; challenge: string | undefined; marked: string | undefined }> = [];
    page.on('response', (response) => {
      if (response.status() !== 401) return;
      unauthorized.push({
        path: new URL(response.url()).pathname,
        challenge: response.headers()['www-authenticate'],
        marked: response.request().headers()['x-requested-with'],
      });
    });
    // Signed out: the console asks who is signed in (401) and shows its sign-in page.
    await page.goto('/jobs');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(unauthorized.length).toBeGreaterThan(0);
    for (const answer of unauthorized) expect(answer).toMatchObject({ challenge: undefined, marked: 'XMLHttpRequest' });

    const fromPage = await page.evaluate(async () => {
      const response = await fetch('/v2/jobs');
      const xhr = await new Promise<{ status: number; challenge: string | null }>((resolve) => {
        const request = new XMLHttpRequest();
        request.open('GET', '/v2/clients');
        request.onload = () => resolve({ status: request.status, challenge: request.getResponseHeader('www-authenticate') });
        request.send();
      });
      return { fetch: { status: response.status, challenge: response.headers.get('www-authenticate'), body: await response.json() }, xhr };
    });
    expect(fromPage.fetch).toEqual({ status: 401, challenge: null, body: expect.objectContaining({ code: 'unauthorized' }) });
    expect(fromPage.xhr).toEqual({ status: 401, challenge: null });
    expect(challenged).toEqual([]);
    expectNoPageErrors(page);
  });

  it('a navigation to the API gets the challenge (the browser would ask)', async () => {
    const page = await world.newPage();
    const challenged = await watchChallenges(page);
    const response = await page.goto('/v2/jobs');
    expect(response!.status()).toBe(401);
    expect(response!.headers()['www-authenticate']).toBe('Basic realm="Transdesk"');
    expect(challenged).toEqual(['/v2/jobs']);
  });
});
