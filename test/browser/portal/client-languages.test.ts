import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, PORTAL_LANGUAGES } from '../../../console/src/modules/portal/i18n/index.js';
import { png } from '../../http/account/logo-images.js';
import { expectNoPageErrors, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, DESKTOP, PHONE } from './widths.js';

/**
 * The client portal in the eight languages (docs/client-portal.md#what-the-portal-shows): a client's
 * person reads it in their client's document language from the first page, each language in turn,
 * with the agency's logo and name heading the page; and changes it from the language menu. Axe and
 * the widths' checks at 390 and 1 280 px in one of them.
 */
describe.skipIf(skipReason)('the client portal in the eight languages', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  // Eight sign-ins and pages: more than one test's usual minute on a busy machine.
  it("speaks the client's document language, under the agency's logo and name, and another one when asked", { timeout: 240_000 }, async () => {
    const logo = new FormData();
    logo.append('file', new Blob([png(120, 40)]), 'logo.png');
    const put = await fetch(`${world.baseUrl}/v2/account/logo`, { method: 'PUT', headers: { Authorization: `Bearer ${world.apiKey}` }, body: logo });
    expect(put.status).toBe(200);
    const agency = await world.api<{ name: string }>('GET', '/v2/account');

    for (const language of PORTAL_LANGUAGES) {
      const texts = CATALOGUES[language];
      const client = await world.api<{ id: string }>('POST', '/v2/clients', { name: `Client ${language}`, currency: 'EUR', documentLanguage: language });
      const contact = await world.api<{ id: string }>('POST', `/v2/clients/${client.id}/contacts`, {
        fullName: `Person ${language}`,
        email: `person.${language}@client.example`,
      });
      const granted = await world.api<{ link: { url: string } }>('POST', `/v2/clients/${client.id}/contacts/${contact.id}/portal-access`, {});
      const page = await world.newPage(language === 'de' ? PHONE : DESKTOP);
      const url = new URL(granted.link.url);
      await page.goto(url.pathname + url.hash);
      const navigation = page.getByRole('navigation', { name: texts['nav.label'] });
      await navigation.getByRole('link', { name: texts['nav.jobs'], exact: true }).waitFor();
      await navigation.getByRole('link', { name: texts['nav.quotes'], exact: true }).waitFor();
      await navigation.getByRole('link', { name: texts['nav.home'], exact: true }).waitFor();
      await page.getByRole('heading', { name: texts['clientHome.title'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      // The agency's logo, loaded, beside its name.
      const header = page.getByRole('banner');
      expect(await header.textContent()).toContain(agency.name);
      const image = header.locator('img[src="/v2/portal/agency/logo"]');
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(120);
      if (language === 'de') {
        await checkWidths(page, 'portal-client-home-de');
        // Changed from the menu: the page speaks Polish at once, and the server keeps it.
        await page.getByRole('button', { name: `${texts['frame.language']}: Deutsch` }).click();
        await page.getByRole('menuitem', { name: 'Polski' }).click();
        await page.getByRole('heading', { name: CATALOGUES.pl['clientHome.title'] }).waitFor();
        await page.reload();
        await page.getByRole('heading', { name: CATALOGUES.pl['clientHome.title'] }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
      }
      expectNoPageErrors(page);
      await page.close();
    }
  });
});
