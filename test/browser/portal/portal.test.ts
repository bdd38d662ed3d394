import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  checkAccessibility,
  checkControlsVisible,
  checkTextNotCut,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';

/**
 * The portal's pages (docs/console.md#portal-pages): a supplier's contact given access by the
 * agency opens the e-mailed link, lands on the portal's home, keeps the session on reload, switches
 * the portal to French, signs out; a used link says so and offers a new one; the portal's session
 * opens nothing of the agency console. At 390 and 1 280 px wide: axe, no sideways scroll, every
 * control in sight.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** At a phone's width and a desktop's: axe, no horizontal overflow, controls in sight, a picture each. */
async function checkWidths(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await checkTextNotCut(page);
    const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(overflow.scroll, `horizontal overflow at ${size.width} px`).toBeLessThanOrEqual(overflow.inner);
    await screenshot(page, `${name}-${size.width}`);
  }
}

/** The API calls a page makes outside the portal's own (there must be none). */
function agencyCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/v2/') && !path.startsWith('/v2/portal/')) calls.push(`${request.method()} ${path}`);
  });
  return calls;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe.skipIf(skipReason)('the portal', () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  /** A supplier with a contact given portal access: the link's path (with its `#token=`) and names. */
  async function grantAccess(name: string) {
    const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
    const email = `${name.toLowerCase()}@supplier.example`;
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier.id}/contacts`, { fullName: `${name} Person`, email });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`, {});
    const url = new URL(granted.link.url);
    expect(url.pathname).toBe('/portal/sign-in');
    return { path: url.pathname + url.hash, person: `${name} Person`, party: `${name} Translations`, email };
  }

  async function signIn(name: string, size = WIDTHS[1]!) {
    const access = await grantAccess(name);
    const page = await world.newPage(size);
    const calls = agencyCalls(page);
    await page.goto(access.path);
    await page.getByRole('heading', { name: `Hello ${access.person}` }).waitFor();
    return { page, calls, ...access };
  }

  it('opens the link to the home page, keeps the session on reload, and speaks French when asked', async () => {
    const { page, calls, person, party } = await signIn('Ana', WIDTHS[0]);
    // The token left the address bar, and the page is the portal's home.
    expect(new URL(page.url()).pathname).toBe('/portal');
    expect(new URL(page.url()).hash).toBe('');
    expect(await htmlLang(page)).toBe('en');
    const header = page.getByRole('banner');
    await expect.poll(() => header.textContent()).toContain(party);
    const agency = await world.api<{ name: string }>('GET', '/v2/account');
    await expect.poll(() => header.textContent()).toContain(agency.name);
    await page.getByText('No offer is waiting for your answer.').waitFor();
    await checkWidths(page, 'portal-home');

    await page.reload();
    await page.getByRole('heading', { name: `Hello ${person}` }).waitFor();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).waitFor();
    await page.setViewportSize(WIDTHS[0]!);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'portal-language-menu-390');
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('heading', { name: `Bonjour ${person}` }).waitFor();
    await eventually(() => htmlLang(page)).toBe('fr');
    await page.getByText("Aucune offre n'attend votre réponse.").waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    // Dates in French too.
    const today = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    await page.getByText(today).waitFor();
    await checkWidths(page, 'portal-home-fr');

    // The server keeps the choice: a reload speaks French.
    await page.reload();
    await page.getByRole('heading', { name: `Bonjour ${person}` }).waitFor();
    expect(await htmlLang(page)).toBe('fr');

    await page.getByRole('button', { name: 'Langue: Français' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: `Hello ${person}` }).waitFor();
    expect(calls).toEqual([]);
    expectNoPageErrors(page);
  });

  it('says a used link has been used, and offers to e-mail a new one', async () => {
    const { page, path, email } = await signIn('Bruno');
    const again = await world.newPage(WIDTHS[0]);
    const calls = agencyCalls(again);
    await again.goto(path);
    await again.getByRole('alert').getByText('This link has already been used').waitFor();
    expect(new URL(again.url()).hash).toBe('');
    await again.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor();
    await checkWidths(again, 'portal-used-link');

    await again.getByLabel('E-mail address').fill(email);
    await again.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await again.getByRole('status').getByText('If this address has access, a link is on its way').waitFor();
    expect(await again.getByRole('alert').count()).toBe(0);
    await checkWidths(again, 'portal-link-sent');
    expect(calls).toEqual([]);
    expectNoPageErrors(again);
    expectNoPageErrors(page);
  });

  it('sends /portal without a session to sign-in, which asks for a link (the same answer for any address)', async () => {
    const page = await world.newPage(WIDTHS[0]);
    await page.goto('/portal');
    await page.waitForURL((url) => url.pathname === '/portal/sign-in');
    await page.getByRole('heading', { name: 'Sign in to the portal' }).waitFor();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await checkWidths(page, 'portal-sign-in');

    await page.goto('/portal/request-link');
    await page.getByLabel('E-mail address').fill('nobody@nowhere.example');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByRole('status').getByText('If this address has access, a link is on its way').waitFor();
    await page.getByRole('button', { name: 'Use another address' }).click();
    await page.getByLabel('E-mail address').waitFor();

    // A path of the portal that is no page says so, and leads to the portal's home, not the agency's.
    await page.goto('/portal/nothing-here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the portal home' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/sign-in');
    expectNoPageErrors(page);
  });

  it('signs out to the sign-in page, and /portal then leads there', async () => {
    const { page } = await signIn('Carla', WIDTHS[0]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/sign-in');
    await page.getByRole('status').getByText('You have signed out.').waitFor();
    await page.goto('/portal');
    await page.waitForURL((url) => url.pathname === '/portal/sign-in');
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor();
    expect((await page.request.get('/v2/portal/session')).status()).toBe(401);
    expectNoPageErrors(page);
  });

  it("speaks the browser's language before sign-in when the portal has it", async () => {
    const context = await world.browser.newContext({ baseURL: world.baseUrl, locale: 'de-DE', viewport: WIDTHS[0], reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/portal/sign-in');
    await page.getByRole('heading', { name: 'Anmeldung im Portal' }).waitFor();
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('button', { name: 'Anmeldelink anfordern' }).waitFor();
    await checkWidths(page, 'portal-sign-in-de');
    await context.close();
  });

  it("a portal session opens nothing of the agency's console", async () => {
    const { page, person } = await signIn('Dora');
    for (const path of ['/', '/jobs']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByRole('heading', { name: 'Sign in to Transdesk' }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain(person);
    }
    // The portal's session is still there: the portal opens.
    await page.goto('/portal');
    await page.getByRole('heading', { name: `Hello ${person}` }).waitFor();
    expectNoPageErrors(page);
  });
});
