import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { checkWidths, PHONE } from './widths.js';

const pad = (value: number) => String(value).padStart(2, '0');
/** A local day `days` from today, as the date field takes it. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The supplier's periods away on the portal (docs/console.md#portal-pages,
 * docs/supplier-portal.md#unavailability): reached from the frame's navigation, a period added
 * (whole days, a note), a wrong order refused before sending, the past ones apart, one deleted
 * after a confirmation; the agency reads each change on the supplier. At 390 and 1 280 px, in
 * English and German: axe, no sideways scroll, every control in sight, no text cut.
 */
describe.skipIf(skipReason)("the supplier's periods away on the portal", () => {
  let world: ConsoleWorld;
  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(async () => world?.close());

  async function signedInSupplier(name: string) {
    const supplier = await world.api<{ id: string }>('POST', '/v2/suppliers', { name: `${name} Translations`, currency: 'EUR' });
    const contact = await world.api<{ id: string }>('POST', `/v2/suppliers/${supplier.id}/contacts`, {
      fullName: `${name} Person`,
      email: `${name.toLowerCase()}@away.example`,
    });
    const granted = await world.api<{ link: { url: string } }>('POST', `/v2/suppliers/${supplier.id}/contacts/${contact.id}/portal-access`, {});
    const url = new URL(granted.link.url);
    const page = await world.newPage(PHONE);
    await page.goto(url.pathname + url.hash);
    await page.getByRole('heading', { name: `Hello ${name} Person` }).waitFor();
    return { supplierId: supplier.id, page };
  }

  const agencyPeriods = (supplierId: string) =>
    world.api<{ currents: Array<{ from: string; to: string; reason: string }>; old: unknown[] }>('GET', `/v2/suppliers/${supplierId}/unavailabilities`);

  it('adds a period away from the navigation, refuses a wrong order, lists the past apart and deletes after asking', async () => {
    const { supplierId, page } = await signedInSupplier('Nora');
    // A past period, told to the agency by other means.
    await world.api('POST', `/v2/suppliers/${supplierId}/unavailabilities`, { from: '2024-07-01', to: '2024-07-14', reason: 'Summer 2024' });

    const nav = page.getByRole('navigation', { name: 'Portal' });
    expect(await nav.getByRole('link', { name: 'Your work' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Periods away' }).click();
    await page.getByRole('heading', { name: 'Periods away', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/away');
    expect(await nav.getByRole('link', { name: 'Periods away' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('You have told the agency of no period away.').waitFor();
    await page.getByRole('region', { name: 'Past periods' }).getByText('Summer 2024').waitFor();
    await checkWidths(page, 'portal-away-empty');

    // The last day before the first: said here, nothing sent.
    await page.setViewportSize(PHONE);
    await page.getByLabel('From').fill(dayFromToday(10));
    await page.getByLabel('Until (included)').fill(dayFromToday(5));
    await page.getByRole('button', { name: 'Add the period' }).click();
    await page.getByText('The last day cannot be before the first.').waitFor();
    await checkAccessibility(page);
    expect((await agencyPeriods(supplierId)).currents).toEqual([]);

    await page.getByLabel('Until (included)').fill(dayFromToday(14));
    await page.getByLabel('Note for the agency (optional)').fill('Conference in Lisbon');
    await page.getByRole('button', { name: 'Add the period' }).click();
    await page.getByRole('status').filter({ hasText: 'Period added.' }).waitFor();
    const current = page.getByRole('region', { name: 'Now and to come' });
    await current.getByText('Conference in Lisbon').waitFor();
    const [period] = (await agencyPeriods(supplierId)).currents;
    expect(period!.reason).toBe('Conference in Lisbon');
    // Whole days: from the first day's start to the last day's end, in the browser's zone.
    const from = new Date(period!.from);
    const to = new Date(period!.to);
    expect([from.getHours(), from.getMinutes(), to.getHours(), to.getMinutes()]).toEqual([0, 0, 23, 59]);
    await checkWidths(page, 'portal-away-added');

    // In German too.
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Abwesenheiten', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Abwesenheit hinzufügen' }).waitFor();
    await checkWidths(page, 'portal-away-de');
    await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Periods away', level: 1 }).waitFor();

    // Deleting asks first; cancelling keeps it.
    await page.setViewportSize(PHONE);
    const remove = current.getByRole('button', { name: /^Delete the period / });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this period away?' });
    await dialog.getByText(/the agency will no longer see it\.$/).waitFor();
    await checkAccessibility(page);
    await screenshot(page, 'portal-away-delete-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await agencyPeriods(supplierId)).currents).toHaveLength(1);
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Period deleted.' }).waitFor();
    await page.getByText('You have told the agency of no period away.').waitFor();
    expect((await agencyPeriods(supplierId)).currents).toEqual([]);
    expect((await agencyPeriods(supplierId)).old).toHaveLength(1);
    expectNoPageErrors(page);
  });
});
