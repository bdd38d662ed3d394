import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility, checkControlsVisible, expectNoPageErrors, screenshot, skipReason, startConsoleWorld, type ConsoleWorld } from '../harness.js';
import { addViewer, choose, demoIds, figure, money, rate, VIEWER, type DemoIds } from './job-page-fixture.js';

/** The new-job form (docs/console.md#new-job): the price shown before saving, the API's errors at their fields, the roles. */
describe.skipIf(skipReason)('new job', () => {
  let world: ConsoleWorld;
  let ids: DemoIds;
  beforeAll(async () => {
    world = await startConsoleWorld();
    await world.demoData();
    ids = await demoIds(world);
    await addViewer(world);
  });
  afterAll(async () => world?.close());

  it("shows the price the job will take — the account's, then the client's — and creates the job, which opens", async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.getByRole('heading', { name: 'New job', level: 1 }).waitFor();
    const price = page.getByRole('region', { name: 'Price' });
    expect(await price.getByText('Choose a client, a service and a unit').count()).toBe(1);

    await page.getByRole('textbox', { name: 'Name' }).fill('Leaflet EN-FR');
    await choose(page, page, 'Client', 'Acme Pharma NV', 'Acme');
    await choose(page, page, 'Service', 'Translation');
    await choose(page, page, 'Language pair', /English \(en\) ↔ French \(fr\)/);
    await choose(page, page, 'Unit', 'Words');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1000');

    // No client price for en↔fr without the Medical domain: the account's 0.12 per word.
    await expect.poll(() => price.getByText("From the account's default prices").count(), { timeout: 10_000 }).toBe(1);
    const query = `client=${ids.acme.id}&service=${ids.service.Translation}&quantityType=${ids.unit.Words}&quantity=1000&languagePair=${ids.pair['en>fr']}`;
    const byAccount = await world.api('GET', `/v2/jobs/price-preview?${query}`);
    expect(byAccount.estimation.total).toBe(120);
    expect(await figure(page, 'Price of the new job', 'Price per unit')).toBe(`${rate(0.12)} / Words`);
    expect(await figure(page, 'Price of the new job', 'Total')).toBe(money(byAccount.estimation.total));
    expect(await figure(page, 'Price of the new job', 'Minimum fee')).toBe(`${money(45)}, not reached`);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'new-job-1280');

    // Acme's own price is for Medical texts: 0.14 per word, with its match rates.
    await choose(page, page, 'Domain', 'Medical');
    await expect.poll(() => price.getByText('From the prices of Acme Pharma NV').count(), { timeout: 10_000 }).toBe(1);
    const byClient = await world.api('GET', `/v2/jobs/price-preview?${query}&domain=${ids.domain.Medical}`);
    expect(byClient.quantity.unitCostPriceReference.type).toBe('client');
    expect(await figure(page, 'Price of the new job', 'Total')).toBe(money(byClient.estimation.total));
    expect(money(byClient.estimation.total)).toBe('€140.00');
    expect(await figure(page, 'Rates by match category', 'Repetitions')).toBe(rate(0.014));

    await page.getByLabel('Due date').fill('2031-03-14T17:30');
    await page.getByRole('textbox', { name: 'External reference' }).fill('ACME-2031-07');
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL((url) => /^\/jobs\/[0-9a-f]{24}$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Leaflet EN-FR', level: 1 }).waitFor();
    const job = await world.api('GET', `/v2${new URL(page.url()).pathname}`);
    expect(job).toMatchObject({ name: 'Leaflet EN-FR', client: { id: ids.acme.id }, domain: { name: 'Medical' }, externalReference: 'ACME-2031-07' });
    expect(job.estimation.total).toBe(byClient.estimation.total);
    expect(job.dueDate).toBe(new Date('2031-03-14T17:30').toISOString());
    expectNoPageErrors(page);
  });

  it('checks the fields as the API does, then puts the API’s own error next to the field it names', async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.getByRole('button', { name: 'Create job' }).click();
    // Nothing sent: the required fields say so.
    expect(await page.getByText('Required').count()).toBeGreaterThanOrEqual(5);
    expect(new URL(page.url()).pathname).toBe('/jobs/new');

    // A service disabled by someone else while the form is open: only the API knows.
    const service = await world.api('POST', '/v2/account/services', { name: 'Transcreation' });
    await page.reload();
    await page.getByRole('textbox', { name: 'Name' }).fill('Campaign');
    await choose(page, page, 'Client', 'Initech Software GmbH', 'Initech');
    await choose(page, page, 'Service', 'Transcreation');
    await choose(page, page, 'Unit', 'Hours');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('12');
    await world.api('PUT', `/v2/account/services/${service.id}`, { disabled: true });
    await page.getByRole('button', { name: 'Create job' }).click();
    const serviceInput = page
      .getByRole('textbox', { name: 'Service' })
      .or(page.getByRole('combobox', { name: 'Service' }))
      .first();
    await expect.poll(() => serviceInput.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await serviceInput.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('error'))}"]`).textContent();
    expect(message).toMatch(/disabled/);
    expect(new URL(page.url()).pathname).toBe('/jobs/new');
    await checkAccessibility(page);
    await checkControlsVisible(page);
    // A quantity beyond the API's limit is refused before anything is sent.
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2000000000000');
    await page.getByRole('textbox', { name: 'Quantity' }).blur();
    await expect.poll(() => page.getByText('At most 1,000,000,000,000').count()).toBe(1);
    expectNoPageErrors(page);
  });

  it('at 1 024 × 768 the form and the price stay readable', async () => {
    const page = await world.signedInPage('/jobs/new');
    await page.setViewportSize({ width: 1024, height: 768 });
    await choose(page, page, 'Client', 'Acme Pharma NV', 'Acme');
    await choose(page, page, 'Service', 'Desktop publishing');
    await choose(page, page, 'Unit', 'Pages');
    await page.getByRole('textbox', { name: 'Quantity' }).fill('3');
    // 3 pages at 8: 24, under Acme's minimum fee of 45.
    await expect.poll(() => figure(page, 'Price of the new job', 'Total'), { timeout: 10_000 }).toBe(money(45));
    expect(await figure(page, 'Price of the new job', 'Minimum fee')).toBe(`${money(45)}, applied`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    await screenshot(page, 'new-job-1024');
    expectNoPageErrors(page);
  });

  it('a viewer is told their role cannot create jobs, and gets no form', async () => {
    const page = await world.signedInPage('/jobs/new', VIEWER);
    await page.getByRole('heading', { name: 'New job', level: 1 }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Your role (Viewer) cannot create jobs.' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create job' }).count()).toBe(0);
    expect(await page.getByLabel('Quantity').count()).toBe(0);
    await checkAccessibility(page);
    await checkControlsVisible(page);
    expectNoPageErrors(page);
  });
});
