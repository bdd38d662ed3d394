import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';

/**
 * Quote to invoice (docs/documents.md#accepting-a-quote): the new-invoice dialog
 * searches the client's uninvoiced jobs on the server (not the newest 100, finished or not); an
 * accepted quote whose jobs are finished offers "Create invoice"; the account's workflow setting.
 */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface Named {
  id: string;
  name: string;
}

const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('[role="dialog"]')).every((dialog) => getComputedStyle(dialog).opacity === '1') &&
      document.getAnimations().length === 0,
  );

async function pictures(page: Page, name: string) {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe.skipIf(skipReason)('quote to invoice', () => {
  let world: ConsoleWorld;
  let page: Page;
  let client: Named;
  let job: (name: string, status?: number) => Promise<string>;

  beforeAll(async () => {
    world = await startConsoleWorld();
    client = await world.api<Named>('POST', '/v2/clients', { name: 'Helix Pharma', currency: 'EUR' });
    const service = (await world.api<Named[]>('GET', '/v2/account/services')).find((item) => item.name === 'Translation')!;
    const unit = (await world.api<Named[]>('GET', '/v2/account/quantity-types')).find((item) => item.name === 'Words')!;
    job = async (name, status = 1) => {
      const created = await world.api<Named>('POST', '/v2/jobs', {
        name,
        client: client.id,
        quantity: 100,
        quantityType: unit.id,
        service: service.id,
        fixedPrice: 50,
      });
      if (status !== 1) await world.api('PUT', `/v2/jobs/${created.id}`, { status });
      return created.id;
    };
    // The finished job to find is the oldest: 21 newer finished jobs push it off the first page.
    await job('Leaflet needle', 3);
    for (let n = 1; n <= 21; n++) await job(`Batch ${String(n).padStart(2, '0')}`, 3);
    await job('Running study', 2);
    page = await world.signedInPage('/invoices');
  }, 240_000);
  afterAll(() => world?.close());

  it('the new-invoice dialog finds an old finished job by search, keeps it ticked, and hides unfinished jobs until asked', async () => {
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Client' }).fill('Helix');
    await page.getByRole('option', { name: 'Helix Pharma' }).click();
    await dialog.getByText('The newest 20 of 22 jobs found: type to narrow the search.').waitFor();
    expect(await dialog.getByRole('checkbox').count()).toBe(20);
    expect(await dialog.getByRole('checkbox', { name: /Leaflet needle/ }).count()).toBe(0);
    expect(await dialog.getByRole('checkbox', { name: /Running study/ }).count()).toBe(0);
    await settled(page);
    await checkAccessibility(page);
    await pictures(page, 'invoice-job-picker');

    await dialog.getByRole('textbox', { name: 'Search jobs' }).fill('needle');
    await dialog.getByRole('checkbox', { name: /Leaflet needle \(finished\)/ }).check();
    await dialog.getByRole('textbox', { name: 'Search jobs' }).fill('Batch 21');
    await eventually(() => dialog.getByRole('checkbox').count()).toBe(2);
    expect(await dialog.getByRole('checkbox', { name: /Leaflet needle/ }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: /Batch 21/ }).check();

    await dialog.getByRole('textbox', { name: 'Search jobs' }).fill('study');
    await dialog
      .getByText('No job of this client matches the search.')
      .or(dialog.getByRole('checkbox', { name: /Leaflet/ }))
      .first()
      .waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Running study/ }).count()).toBe(0);
    await dialog.getByRole('switch', { name: 'Show unfinished jobs too' }).check();
    await dialog.getByRole('checkbox', { name: /Running study \(in progress\)/ }).waitFor();
    await checkAccessibility(page);

    await dialog.getByRole('button', { name: 'Create with 2 selected' }).click();
    await page.getByRole('heading', { name: 'Draft invoice', level: 1 }).waitFor();
    const invoice = await world.api('GET', `/v2/invoices/${page.url().split('/').at(-1)}`);
    expect(invoice.lines.map((line: { description: string }) => line.description).sort()).toEqual(['Batch 21', 'Leaflet needle']);
    expectNoPageErrors(page);
  }, 120_000);

  it('an accepted quote starts its jobs, then offers "Create invoice" once they are finished', async () => {
    const first = await job('Label text');
    const second = await job('Package insert');
    const quote = await world.api<Named>('POST', '/v2/quotes', { client: client.id, jobs: [first, second] });
    await world.api('POST', `/v2/quotes/${quote.id}/send`);
    await world.api('POST', `/v2/quotes/${quote.id}/accept`);
    expect((await world.api('GET', `/v2/jobs/${first}`)).status).toBe(2);

    await page.goto(`/quotes/${quote.id}`);
    const section = page.getByRole('region', { name: 'Invoicing' });
    await section.getByText('None of the 2 jobs of this quote is finished yet.', { exact: false }).waitFor();
    expect(await section.getByRole('button', { name: 'Create invoice' }).count()).toBe(0);

    await world.api('PUT', `/v2/jobs/${first}`, { status: 3 });
    await page.reload();
    await section.getByText('1 of 2 jobs of this quote is finished; the invoice will take it.', { exact: false }).waitFor();
    await world.api('PUT', `/v2/jobs/${second}`, { status: 3 });
    await page.reload();
    await section.getByText('Every job of this quote is finished: it can be invoiced.').waitFor();
    await checkAccessibility(page);
    await pictures(page, 'quote-create-invoice');
    await section.getByRole('button', { name: 'Create invoice' }).click();
    await page.getByRole('heading', { name: 'Draft invoice', level: 1 }).waitFor();
    const invoice = await world.api('GET', `/v2/invoices/${page.url().split('/').at(-1)}`);
    expect(invoice.lines.map((line: { description: string }) => line.description).sort()).toEqual(['Label text', 'Package insert']);

    await page.goto(`/quotes/${quote.id}`);
    await page.getByRole('region', { name: 'Invoicing' }).getByText('Every job of this quote is invoiced.').waitFor();
    expectNoPageErrors(page);
  }, 120_000);

  it('the account settings choose the status the jobs of an accepted quote take', async () => {
    await page.goto('/settings/account');
    const label = 'When a quote is accepted, its jobs not started yet become';
    const choice = page
      .getByRole('textbox', { name: label })
      .or(page.getByRole('combobox', { name: label }))
      .first();
    await choice.waitFor();
    expect(await choice.inputValue()).toBe('In progress');
    await choice.click();
    await page.getByRole('option', { name: 'On hold' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await world.api('GET', '/v2/account')).acceptedQuoteJobStatus).toBe(6);
    await page.getByRole('region', { name: 'Workflow' }).scrollIntoViewIfNeeded();
    await checkAccessibility(page);
    await pictures(page, 'account-workflow');
    expectNoPageErrors(page);
  }, 60_000);
});
