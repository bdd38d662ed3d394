import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccessibility,
  checkControlsVisible,
  eventually,
  expectNoPageErrors,
  screenshot,
  skipReason,
  startConsoleWorld,
  type ConsoleWorld,
} from '../harness.js';
import { png } from '../../http/account/logo-images.js';

/** The settings (docs/console.md#settings): the account, the master data, the CAT configurations, read-only roles. */

interface Named {
  id: string;
  name: string;
}
interface Record_ extends Named {
  value?: number;
  pinned?: boolean;
  disabled?: boolean;
  isDefaultTax1?: boolean;
  source?: { code: string };
  target: { code: string };
  bidirectional?: boolean;
}
interface CatConfigurationJson extends Named {
  mappings: { match: Named; toolMatches: string[] }[];
}

/** A dialog faded in, nothing moving: axe reads the colours as painted. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

const pictures = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
};

describe.skipIf(skipReason)('settings', () => {
  let world: ConsoleWorld;
  let page: Page;

  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    page = await world.signedInPage('/settings/account');
  });
  afterAll(async () => world?.close());

  it("edits the account's name and currency, and refuses a number format the API would refuse", async () => {
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const before = await world.api<{ name: string; currency: { code: string } }>('GET', '/v2/account');
    await eventually(() => page.getByLabel('Agency name').inputValue()).toBe(before.name);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-account');

    await page.getByLabel('Agency name').fill('Lingua Nova Translations');
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('combobox', { name: 'Currency' }).fill('USD');
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await page.getByLabel('Invoice numbers').fill('INV-{YYYY}');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Put exactly one sequence number in it').waitFor();
    expect((await world.api<{ name: string }>('GET', '/v2/account')).name).toBe(before.name);

    await page.getByLabel('Invoice numbers').fill('LN-{YY}{MM}-{SEQ:3}');
    await eventually(() => page.getByText(/The next one looks like LN-\d{4}-001/).count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The account’s settings are saved.').waitFor();
    const after = await world.api<{ name: string; currency: { code: string }; invoiceNumberFormat: string }>('GET', '/v2/account');
    expect([after.name, after.currency.code, after.invoiceNumberFormat]).toEqual(['Lingua Nova Translations', 'USD', 'LN-{YY}{MM}-{SEQ:3}']);

    await page.reload();
    await eventually(() => page.getByLabel('Agency name').inputValue()).toBe('Lingua Nova Translations');
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    expectNoPageErrors(page);
  });

  it('edits the identity on documents (a bad IBAN, BIC or e-mail refused at its field as the API would), and uploads, shows and removes a logo', async () => {
    await page.getByRole('heading', { name: 'Identity on documents' }).waitFor();
    await page.getByLabel('Legal name').fill('Lingua Nova Translations SRL');
    await page.getByLabel('VAT number').fill('BE0123456749');
    await page.getByLabel('E-mail').fill('billing@');
    await page.getByLabel('IBAN').fill('BE68 5390 0754 7035');
    await page.getByLabel('BIC').fill('GEBABE');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Checked as the API checks them, before anything is sent.
    await page.getByText('This is not a valid IBAN: check its length and its characters.').waitFor();
    await page.getByText('Enter an e-mail address, or leave it empty.').waitFor();
    await page.getByText('A BIC has 8 or 11 letters and digits, e.g. GEBABEBB.').waitFor();
    expect((await world.api<{ legalName: string }>('GET', '/v2/account')).legalName).toBe('');

    await page.getByLabel('E-mail').fill('billing@linguanova.example');
    await page.getByLabel('IBAN').fill('be68 5390 0754 7034');
    await page.getByLabel('BIC').fill('gebabebb');
    await page.getByRole('combobox', { name: 'Language of documents' }).click();
    await page.getByRole('combobox', { name: 'Language of documents' }).fill('German');
    await page.getByRole('option', { name: 'German', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The account’s settings are saved.').waitFor();
    const saved = await world.api<Record<string, unknown>>('GET', '/v2/account');
    expect(saved).toMatchObject({
      legalName: 'Lingua Nova Translations SRL',
      vatNumber: 'BE0123456749',
      email: 'billing@linguanova.example',
      iban: 'BE68539007547034',
      bic: 'GEBABEBB',
      documentLanguage: 'de',
    });
    // The form shows what the API stored (the IBAN without spaces).
    await eventually(() => page.getByLabel('IBAN').inputValue()).toBe('BE68539007547034');

    // A file that is no image: the API's answer is shown.
    await page.getByLabel('Choose a logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByText('must be a PNG, JPEG or SVG image (recognised by its content)').waitFor();
    expect((await world.api<{ logo: unknown }>('GET', '/v2/account')).logo).toBeNull();

    await page.getByLabel('Choose a logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(240, 80, [30, 80, 200]) });
    await page.getByText('The logo is saved.').waitFor();
    await page.getByText('PNG, 240 × 80').waitFor();
    const image = page.getByRole('img', { name: 'The agency’s logo' });
    await eventually(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(240);
    expect((await world.api<{ logo: { width: number } }>('GET', '/v2/account')).logo.width).toBe(240);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-account-identity');

    await page.getByRole('button', { name: 'Remove the logo' }).click();
    await page.getByRole('dialog', { name: 'Remove the logo' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No logo yet.').waitFor();
    expect((await world.api<{ logo: unknown }>('GET', '/v2/account')).logo).toBeNull();
    expectNoPageErrors(page);
  });

  it('adds, edits and deletes a service; a service in use is explained and can be disabled instead', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Services' }).click();
    await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New service' }).click();
    await page.getByRole('dialog', { name: 'New service' }).waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Enter a name.').waitFor();
    await page.getByLabel('Name').fill('Subtitling');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: /^Subtitling Edit Name/ }).waitFor();
    const find = async (name: string) => (await world.api<Record_[]>('GET', '/v2/account/services')).find((service) => service.name === name);
    expect(await find('Subtitling')).toMatchObject({ pinned: false, disabled: false });

    await page.getByRole('button', { name: /^Subtitling Edit Name/ }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Subtitling and captions');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Subtitling and captions Edit Name/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Pinned: Subtitling and captions' }).click();
    await eventually(async () => (await find('Subtitling and captions'))?.pinned).toBe(true);
    // Pinned first: the API's order, shown as answered.
    await eventually(() => page.getByRole('row').nth(1).textContent()).toContain('Subtitling and captions');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-services');

    await page.getByRole('button', { name: 'Delete Subtitling and captions' }).click();
    await page
      .getByRole('dialog', { name: /Delete the service Subtitling and captions/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await eventually(() => page.getByRole('button', { name: /^Subtitling and captions Edit Name/ }).count()).toBe(0);
    expect(await find('Subtitling and captions')).toBeUndefined();

    // Translation is what the demo's jobs and prices use: the API refuses (409), the dialog says why.
    await page.getByRole('button', { name: 'Delete Translation' }).click();
    const dialog = page.getByRole('dialog', { name: /Delete the service Translation/ });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Translation is in use and cannot be deleted').waitFor();
    await dialog.getByText('Jobs, outsourcings, prices or suppliers’ services use this service.').waitFor();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'settings-service-in-use');
    await dialog.getByRole('button', { name: 'Disable instead' }).click();
    await eventually(async () => (await find('Translation'))?.disabled).toBe(true);
    await eventually(() => page.getByRole('checkbox', { name: 'Disabled: Translation' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Disabled: Translation' }).click();
    await eventually(async () => (await find('Translation'))?.disabled).toBe(false);
    expectNoPageErrors(page);
  });

  it('adds a tax as a percentage, edits its rate in place and deletes it', async () => {
    await page.goto('/settings/taxes');
    await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New tax' }).click();
    await page.getByLabel('Name').fill('Reduced VAT');
    await page.getByLabel('Rate').fill('150');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('From -100 to 100 %.').waitFor();
    await page.getByLabel('Rate').fill('6');
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: /^Reduced VAT Edit Name/ }).waitFor();
    const find = async () => (await world.api<Record_[]>('GET', '/v2/account/taxes')).find((tax) => tax.name === 'Reduced VAT');
    expect((await find())?.value).toBe(0.06);

    await page.getByRole('button', { name: /^6% Edit Rate/ }).click();
    await page.getByRole('textbox', { name: 'Rate' }).fill('5.5');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^5\.5% Edit Rate/ }).waitFor();
    expect((await find())?.value).toBe(0.055);
    // Default tax 1 moves from the demo's "VAT 21%" to this one.
    await page.getByRole('checkbox', { name: 'Default tax 1: Reduced VAT' }).click();
    await eventually(async () => (await find())?.isDefaultTax1).toBe(true);
    await eventually(() => page.getByRole('checkbox', { name: 'Default tax 1: VAT 21%' }).isChecked()).toBe(false);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-taxes');

    await page.getByRole('button', { name: 'Delete Reduced VAT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(async () => find()).toBeUndefined();
    expectNoPageErrors(page);
  });

  it('adds a language pair with searchable languages (a regional code typed), pins it and deletes it', async () => {
    await page.goto('/settings/language-pairs');
    await page.getByRole('heading', { name: 'Language pairs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New language pair' }).click();
    const dialog = page.getByRole('dialog', { name: 'New language pair' });
    await dialog.getByRole('combobox', { name: 'Source language' }).fill('Portuguese Bra');
    await page.getByRole('option', { name: 'Portuguese Brazil (pt-BR)' }).click();
    await dialog.getByRole('combobox', { name: 'Target language' }).fill('de-LU');
    await page.getByRole('option', { name: 'German Luxembourg (de-LU)' }).click();
    await dialog.getByRole('checkbox', { name: 'Both directions' }).check();
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'settings-language-pair-dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const find = async () => (await world.api<Record_[]>('GET', '/v2/account/language-pairs')).find((pair) => pair.source?.code === 'pt-BR');
    expect(await find()).toMatchObject({ target: { code: 'de-LU' }, bidirectional: true, pinned: false });
    const row = page.getByRole('row').filter({ hasText: 'Portuguese Brazil' });
    expect(await row.textContent()).toContain('German Luxembourg');

    await page.getByRole('checkbox', { name: 'Pinned: Portuguese Brazil ↔ German Luxembourg' }).click();
    await eventually(async () => (await find())?.pinned).toBe(true);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-language-pairs');
    await page.getByRole('button', { name: 'Delete Portuguese Brazil ↔ German Luxembourg' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(async () => find()).toBeUndefined();
    expectNoPageErrors(page);
  });

  it('creates a CAT configuration and maps its bands to match categories', async () => {
    await page.goto('/settings/cat-configurations');
    await page.getByRole('heading', { name: 'CAT configurations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New CAT configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'New CAT configuration' });
    await dialog.getByLabel('Name').fill('memoQ characters');
    await dialog.getByRole('combobox', { name: 'CAT tool' }).click();
    await page.getByRole('option', { name: 'memoQ' }).click();
    await dialog.getByRole('combobox', { name: 'Counts' }).click();
    await page.getByRole('option', { name: 'Characters' }).click();
    await dialog.getByLabel('Conversion factor').fill('0.2');
    await settled(page);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'memoQ characters', level: 2 }).waitFor();
    const find = async () =>
      (await world.api<CatConfigurationJson[]>('GET', '/v2/account/cat-configurations')).find((item) => item.name === 'memoQ characters');
    expect(await find()).toMatchObject({ catTool: { id: 'memoq' }, quantityTypes: { source: 'characters', conversionFactor: 0.2 }, mappings: [] });

    const map = async (band: string, category: string) => {
      await page.getByRole('combobox', { name: `Match category of ${band}` }).click();
      await page.getByRole('option', { name: category, exact: true }).click();
    };
    await map('Exact', '100%');
    await eventually(async () => (await find())?.mappings.map((m) => [m.match.name, m.toolMatches])).toEqual([['100%', ['exact']]]);
    await map('Fuzzy 95–99%', '95-99%');
    await map('Repetitions', 'Repetitions');
    await eventually(async () => (await find())?.mappings.length).toBe(3);
    // Exact moves to Context match (100% is left without bands and goes); Repetitions goes first in the import's order.
    await map('Exact', 'Context match');
    await page.getByRole('button', { name: 'Move Repetitions up' }).click();
    await eventually(async () => (await find())?.mappings.map((m) => [m.match.name, m.toolMatches])).toEqual([
      ['Repetitions', ['repetitions']],
      ['95-99%', ['fuzzy9599']],
      ['Context match', ['exact']],
    ]);
    await map('Fuzzy 95–99%', 'Not counted');
    await eventually(async () => (await find())?.mappings.map((m) => m.match.name)).toEqual(['Repetitions', 'Context match']);
    await eventually(() => page.getByText('2 of 10 mapped').count()).toBe(2);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await pictures(page, 'settings-cat-configuration');

    await page.getByRole('button', { name: 'Delete memoQ characters' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await eventually(async () => find()).toBeUndefined();
    expectNoPageErrors(page);
  });

  it('shows every setting read-only to a viewer and a manager', async () => {
    for (const role of ['viewer', 'manager']) {
      const reader = await world.signedInAs(role, '/settings/account');
      await reader.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
      await reader.getByText('Read only', { exact: true }).waitFor();
      await eventually(() => reader.getByLabel('Agency name').inputValue()).toBe('Lingua Nova Translations');
      expect(await reader.getByLabel('Agency name').getAttribute('readonly')).not.toBeNull();
      expect(await reader.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
      await checkAccessibility(reader);
      await checkControlsVisible(reader);
      if (role === 'viewer') await screenshot(reader, 'settings-account-viewer');

      await reader.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Services' }).click();
      await reader.getByRole('cell', { name: 'Translation', exact: true }).waitFor();
      expect(await reader.getByRole('button', { name: 'New service' }).count()).toBe(0);
      expect(await reader.getByRole('checkbox').count()).toBe(0);
      expect(await reader.getByRole('button', { name: /Delete|Edit/ }).count()).toBe(0);
      await checkAccessibility(reader);
      await checkControlsVisible(reader);

      await reader.goto('/settings/cat-configurations');
      await reader.getByRole('link', { name: 'Trados Studio — words' }).click();
      await reader.getByRole('heading', { level: 2, name: 'Trados Studio — words' }).waitFor();
      expect(await reader.getByRole('button', { name: 'New CAT configuration' }).count()).toBe(0);
      expect(await reader.getByRole('combobox', { name: /Match category of/ }).count()).toBe(0);
      await checkAccessibility(reader);
      await checkControlsVisible(reader);
      if (role === 'viewer') await pictures(reader, 'settings-cat-viewer');
      expectNoPageErrors(reader);
    }
  });
});
