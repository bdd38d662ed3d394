import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../../src/modules/webhooks/event-types.js';
import { deliveryRows } from './fixture.js';
import { allEvents, type EventItem } from '../events/fixture.js';
import { createFileTestApp, uploadFile, type FileTestContext } from '../files/helper.js';
import { ACCOUNT_CLIENT_PRICES, buildWorld, jobParams, newJob, newPrice, newService, newSupplier, type World } from '../jobs/fixture.js';
import { TRADOS_MAPPING, newConfiguration, postReport, sample } from '../cat-analysis/helper.js';

/**
 * The events integrations wait for (docs/webhooks.md#event-types), each recorded in the change's
 * own transaction beside the change's `*.updated`, and read back through GET /v2/events.
 */
let t: FileTestContext;
let w: World;
let service: string;
const seen = new Set<string>();

beforeAll(async () => {
  t = await createFileTestApp('db');
  w = await buildWorld(t);
  service = await newService(t.api, 'Webhook events');
  await newPrice(t.api, ACCOUNT_CLIENT_PRICES, { service, quantityType: w.unit.Words, unitCost: 0.1 });
});
afterAll(async () => {
  // Every type recorded here is one an endpoint may subscribe to.
  for (const event of await allEvents(t.api)) seen.add(event.type);
  expect([...seen].filter((type) => !EVENT_TYPES.includes(type))).toEqual([]);
  await t.close();
});

/** The events of the given types recorded since `after` (an event id list taken before), oldest first. */
async function since(before: Set<string>, types: string[]): Promise<EventItem[]> {
  return (await allEvents(t.api, { type: types })).filter((event) => !before.has(event.id));
}
const ids = async () => new Set((await allEvents(t.api)).map((event) => event.id));

describe('job.status_changed', () => {
  it('records the job after the change with previousStatus, only when the status moves', async () => {
    const job = await newJob(t.api, jobParams(w, service));
    const before = await ids();
    expect((await t.api.put(`/v2/jobs/${job.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 2 })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 2, name: 'Same status' })).status).toBe(200);
    const events = await since(before, ['job.status_changed', 'job.updated']);
    expect(events.map((event) => event.type)).toEqual(['job.updated', 'job.updated', 'job.status_changed', 'job.updated']);
    expect(events[2]!.data).toMatchObject({ id: job.id, name: 'Renamed', status: 2, previousStatus: 1 });
    expect(events[2]!.data).toEqual({ ...events[1]!.data, previousStatus: 1 });
  });

  it('goes to the endpoints subscribed to it, as the body { id, type, createdAt, data } of the event', async () => {
    const endpoint = (await t.api.post('/v2/webhooks', { url: 'https://hooks.example.com/status', events: ['job.status_changed'] }, { json: true })).body;
    const job = await newJob(t.api, jobParams(w, service));
    expect((await t.api.put(`/v2/jobs/${job.id}`, { status: 2 })).status).toBe(200);
    const [event] = (await allEvents(t.api, { type: ['job.status_changed'] })).filter((item) => item.data.id === job.id);
    const rows = await deliveryRows(t, endpoint.id);
    expect(rows.map((row) => [row.event_type, row.event_id])).toEqual([['job.status_changed', event!.id]]);
    // The body is the event's, built from its row when sent (outbox/webhooks-sending.test.ts): no copy is kept.
    expect(rows[0]!.payload).toBe('');
    expect((await t.api.delete(`/v2/webhooks/${endpoint.id}`)).status).toBe(204);
  });
});

describe('job.outsourcing.*', () => {
  it('created, updated, status_changed and deleted carry the outsourcing with its jobId', async () => {
    const job = await newJob(t.api, jobParams(w, service));
    const supplier = await newSupplier(t.api);
    const before = await ids();
    const created = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
    expect(created.status).toBe(200);
    const outsourcing = created.body.outsourcing[0];
    expect((await t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`, { name: 'Part one' })).status).toBe(200);
    expect((await t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`, { status: 2 })).status).toBe(200);
    expect((await t.api.delete(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`)).status).toBe(200);
    const types = ['job.outsourcing.created', 'job.outsourcing.updated', 'job.outsourcing.status_changed', 'job.outsourcing.deleted'];
    const events = await since(before, types);
    expect(events.map((event) => event.type)).toEqual([types[0], types[1], types[1], types[2], types[3]]);
    expect(events[0]!.data).toEqual({ ...outsourcing, jobId: job.id });
    expect(events[1]!.data).toMatchObject({ id: outsourcing.id, jobId: job.id, name: 'Part one', status: 1 });
    expect(events[3]!.data).toMatchObject({ id: outsourcing.id, jobId: job.id, status: 2, previousStatus: 1 });
    expect(events[4]!.data).toMatchObject({ id: outsourcing.id, jobId: job.id, name: 'Part one', status: 2 });
    // The job's own events still say what happened to it.
    expect((await since(before, ['job.updated'])).length).toBe(4);
  });
});

describe('documents', () => {
  it('quote.sent, quote.accepted, quote.refused: the quote after the move', async () => {
    const before = await ids();
    const quote = (await t.api.post('/v2/quotes', { client: w.client.acme })).body.id;
    const refused = (await t.api.post('/v2/quotes', { client: w.client.acme })).body.id;
    for (const [id, action] of [
      [quote, 'send'],
      [quote, 'accept'],
      [refused, 'send'],
      [refused, 'refuse'],
    ])
      expect((await t.api.post(`/v2/quotes/${id}/${action}`)).status).toBe(200);
    const events = await since(before, ['quote.sent', 'quote.accepted', 'quote.refused']);
    expect(events.map((event) => [event.type, event.data.id, event.data.status])).toEqual([
      ['quote.sent', quote, 2],
      ['quote.accepted', quote, 3],
      ['quote.sent', refused, 2],
      ['quote.refused', refused, 4],
    ]);
    expect(events[0]!.data.number).toEqual(expect.any(String));
  });

  it('invoice.sent, invoice.paid (when a payment makes it paid), invoice.credited (the credited invoice)', async () => {
    const before = await ids();
    const invoice = (await t.api.post('/v2/invoices', { client: w.client.acme, lines: [{ description: 'Work', quantity: 1, unitCost: 100 }] })).body.id;
    expect((await t.api.post(`/v2/invoices/${invoice}/send`)).status).toBe(200);
    expect((await t.api.post(`/v2/invoices/${invoice}/payments`, { amount: 40, date: '2026-01-01' })).status).toBe(200);
    expect((await t.api.post(`/v2/invoices/${invoice}/payments`, { amount: 60, date: '2026-01-02' })).status).toBe(200);
    const credit = await t.api.post(`/v2/invoices/${invoice}/credit`);
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    const events = await since(before, ['invoice.sent', 'invoice.paid', 'invoice.credited']);
    expect(events.map((event) => [event.type, event.data.id, event.data.status])).toEqual([
      ['invoice.sent', invoice, 2],
      ['invoice.paid', invoice, 3],
      ['invoice.credited', invoice, 4],
    ]);
  });

  it('purchase_order.sent, purchase_order.accepted, purchase_order.cancelled', async () => {
    const supplier = await newSupplier(t.api);
    const before = await ids();
    const order = (await t.api.post('/v2/purchase-orders', { supplier })).body.id;
    for (const action of ['send', 'accept', 'cancel']) expect((await t.api.post(`/v2/purchase-orders/${order}/${action}`)).status).toBe(200);
    const events = await since(before, ['purchase_order.sent', 'purchase_order.accepted', 'purchase_order.cancelled']);
    expect(events.map((event) => [event.type, event.data.id, event.data.status])).toEqual([
      ['purchase_order.sent', order, 2],
      ['purchase_order.accepted', order, 3],
      ['purchase_order.cancelled', order, 4],
    ]);
  });
});

describe('file.uploaded and cat_analysis.imported', () => {
  it('an upload records the file with its owner; an import records what was imported and the job after it', async () => {
    const job = await newJob(t.api, jobParams(w, service));
    const before = await ids();
    const file = await uploadFile(t, `/v2/jobs/${job.id}`, 'notes.txt', 'hello');
    expect(file.status).toBe(201);
    const [uploaded] = await since(before, ['file.uploaded']);
    expect(uploaded!.data).toMatchObject({ id: file.body.id, name: 'notes.txt', owner: { type: 'job', id: job.id } });

    const trados = await newConfiguration(t, w, 'trados', TRADOS_MAPPING);
    const imported = await postReport(
      t,
      `/v2/jobs/${job.id}/cat-analysis`,
      { name: 'analysis.xml', content: sample('trados-xml/studio-fr-FR-utf8.xml') },
      {
        catConfiguration: trados,
      },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const events = await since(before, ['cat_analysis.imported', 'file.uploaded']);
    expect(events.map((event) => event.type)).toEqual(['file.uploaded', 'file.uploaded', 'cat_analysis.imported']);
    const data = events[2]!.data;
    expect(data).toMatchObject({ jobId: job.id, outsourcingId: null, catConfigurationId: trados, fileId: events[1]!.data.id });
    expect(data.job).toEqual(imported.body);
    expect(data.quantities.length).toBeGreaterThan(0);
  });
});
