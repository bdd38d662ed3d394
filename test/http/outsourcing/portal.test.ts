import { describe, expect, it } from 'vitest';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';
import { Api, MISSING_ID, expectError, type TestContext } from '../../helper.js';
import { eventsOf, jobParams, newJob, newService, newSupplier, worldPerFile, type World } from '../jobs/fixture.js';

/** The supplier portal of an outsourcing (docs/jobs.md#portal): its object and `PUT …/outsourcing/:outsourcingId/portal`. */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
/** 32 random bytes in base64url. */
const REFERENCE = /^[A-Za-z0-9_-]{43}$/;

const DEFAULT_PORTAL = {
  enabled: false,
  reference: expect.stringMatching(REFERENCE),
  instructions: null,
  checklist: [],
  confirm: { enabled: false, generatePurchaseOrderOnAcceptation: false, status: null, acceptedDate: null, comment: null },
  sentDate: null,
  sentDateStatus: null,
  doneDate: null,
  supplierComments: null,
  uploadFileOnGroup: false,
};

/** A job with one outsourcing; answers their ids and the portal path. */
async function scene(api = t.api) {
  const mine = api === t.api;
  const service = mine ? await newService(api, 'Portal service') : w.other.service;
  const supplier = mine ? await newSupplier(api, { name: 'Portal Supplier' }) : w.other.supplier;
  const params = mine
    ? jobParams(w, service, { name: 'Portal job' })
    : { name: 'Their job', client: w.other.client, quantity: 10, quantityType: w.other.unit, service };
  const job = await newJob(api, params);
  const created = await api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const outsourcing = created.body.outsourcing[0] as { id: string; portal: typeof DEFAULT_PORTAL };
  return { job, supplier, outsourcing, path: `/v2/jobs/${job.id}/outsourcing/${outsourcing.id}/portal` };
}

const portalIn = (job: { outsourcing: Array<{ id: string; portal: unknown }> }, id: string) => job.outsourcing.find((item) => item.id === id)!.portal as any;

describe('the portal object', () => {
  it('is on every outsourcing: off and empty, with a reference of its own', async () => {
    const { job, outsourcing } = await scene();
    expect(outsourcing.portal).toEqual(DEFAULT_PORTAL);
    const read = await t.api.get(`/v2/jobs/${job.id}`);
    expect(portalIn(read.body, outsourcing.id)).toEqual(outsourcing.portal);
    const listed = await t.api.get('/v2/jobs', { pageSize: 100 });
    const inList = (listed.body.items as Array<{ id: string }>).find((item) => item.id === job.id) as never;
    expect(portalIn(inList, outsourcing.id)).toEqual(outsourcing.portal);
  });

  it('has a reference unique per outsourcing, which no change moves', async () => {
    const { job, supplier, outsourcing, path } = await scene();
    const second = await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier });
    const references = (second.body.outsourcing as Array<{ portal: { reference: string } }>).map((item) => item.portal.reference);
    expect(references).toHaveLength(2);
    expect(new Set(references).size).toBe(2);
    const updated = await t.api.put(path, { enabled: true, checklist: [{ name: 'Read the brief' }] });
    expect(portalIn(updated.body, outsourcing.id).reference).toBe(outsourcing.portal.reference);
    const changed = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`, { name: 'Renamed' });
    expect(portalIn(changed.body, outsourcing.id).reference).toBe(outsourcing.portal.reference);
  });
});

describe('PUT /v2/jobs/:id/outsourcing/:outsourcingId/portal', () => {
  it('changes each setting, answers the job (as PUT …/outsourcing/:outsourcingId does) and leaves the rest', async () => {
    const { job, outsourcing, path } = await scene();
    const reply = await t.api.put(path, { enabled: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.id).toBe(job.id);
    expect(portalIn(reply.body, outsourcing.id)).toEqual({ ...outsourcing.portal, enabled: true });
    const all = await t.api.put(
      path,
      { generatePurchaseOrderOnAcceptation: true, uploadFileOnGroup: true, instructions: '<p>Use the <strong>glossary</strong>.</p>' },
      { json: true },
    );
    expect(portalIn(all.body, outsourcing.id)).toEqual({
      ...outsourcing.portal,
      enabled: true,
      instructions: '<p>Use the <strong>glossary</strong>.</p>',
      confirm: { ...outsourcing.portal.confirm, generatePurchaseOrderOnAcceptation: true },
      uploadFileOnGroup: true,
    });
    const off = await t.api.put(path, { enabled: false, generatePurchaseOrderOnAcceptation: false, uploadFileOnGroup: false, instructions: '' });
    expect(portalIn(off.body, outsourcing.id)).toEqual(outsourcing.portal);
    // An empty body changes nothing but is a write all the same.
    expect(portalIn((await t.api.put(path, {})).body, outsourcing.id)).toEqual(outsourcing.portal);
  });

  it('is reflected in GET /v2/jobs/:id, moves the job and records job.updated and job.outsourcing.updated', async () => {
    const { job, outsourcing, path } = await scene();
    const before = (await t.api.get(`/v2/jobs/${job.id}`)).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reply = await t.api.put(path, { enabled: true, confirm: true, checklist: [{ name: 'Deliver' }] });
    expect(reply.status).toBe(200);
    const read = await t.api.get(`/v2/jobs/${job.id}`);
    expect(read.body).toEqual(reply.body);
    expect(portalIn(read.body, outsourcing.id)).toMatchObject({ enabled: true, confirm: { enabled: true, status: 1 }, checklist: [{ name: 'Deliver' }] });
    expect(read.body.updatedAt > before.updatedAt).toBe(true);
    const updated = (await eventsOf(t, 'job.updated')) as Array<{ id: string }>;
    expect(updated.filter((event) => event.id === job.id).at(-1)).toEqual(reply.body);
    const events = (await eventsOf(t, 'job.outsourcing.updated')) as Array<{ id: string; jobId: string; portal: unknown }>;
    expect(events.filter((event) => event.id === outsourcing.id).at(-1)).toEqual({ ...reply.body.outsourcing[0], jobId: job.id });
  });

  it('confirm: on asks (pending, 1); off withdraws a pending one; an answer stays whatever confirm does', async () => {
    const { job, outsourcing, path } = await scene();
    const on = await t.api.put(path, { confirm: true });
    expect(portalIn(on.body, outsourcing.id).confirm).toEqual({
      enabled: true,
      generatePurchaseOrderOnAcceptation: false,
      status: 1,
      acceptedDate: null,
      comment: null,
    });
    const again = await t.api.put(path, { confirm: true });
    expect(portalIn(again.body, outsourcing.id).confirm.status).toBe(1);
    const off = await t.api.put(path, { confirm: 'false' });
    expect(portalIn(off.body, outsourcing.id).confirm).toEqual({
      enabled: false,
      generatePurchaseOrderOnAcceptation: false,
      status: null,
      acceptedDate: null,
      comment: null,
    });
    // The supplier's answer comes from the portal (not this API): set here in the table.
    await t.api.put(path, { confirm: true });
    await t.database.db
      .updateTable('outsourcing')
      .set({ portal_confirm_status: 2, portal_accepted_date: '2030-01-02T03:04:05.000Z', portal_confirm_comment: 'Happy to' })
      .where('id', '=', outsourcing.id)
      .execute();
    const answered = { status: 2, acceptedDate: '2030-01-02T03:04:05.000Z', comment: 'Happy to' };
    const offAnswered = await t.api.put(path, { confirm: false });
    expect(portalIn(offAnswered.body, outsourcing.id).confirm).toEqual({ enabled: false, generatePurchaseOrderOnAcceptation: false, ...answered });
    const onAnswered = await t.api.put(path, { confirm: true });
    expect(portalIn(onAnswered.body, outsourcing.id).confirm).toEqual({ enabled: true, generatePurchaseOrderOnAcceptation: false, ...answered });
    expect(portalIn((await t.api.get(`/v2/jobs/${job.id}`)).body, outsourcing.id).confirm).toMatchObject(answered);
  });

  it('keeps the tick of a current item sent without done: a rename from a form opened before the supplier ticked unticks nothing', async () => {
    const { outsourcing, path } = await scene();
    const first = await t.api.put(path, { checklist: [{ name: 'Translate', done: true }, { name: 'Review' }] }, { json: true });
    const [translate, review] = portalIn(first.body, outsourcing.id).checklist as Array<{ id: string }>;
    const renamed = await t.api.put(
      path,
      { checklist: [{ id: review!.id, name: 'Review twice' }, { id: translate!.id, name: 'Translate it' }, { name: 'Deliver' }] },
      { json: true },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(portalIn(renamed.body, outsourcing.id).checklist).toEqual([
      { id: review!.id, name: 'Review twice', done: false },
      { id: translate!.id, name: 'Translate it', done: true },
      { id: ID, name: 'Deliver', done: false },
    ]);
    // Sent, done is what it says.
    const unticked = await t.api.put(path, { checklist: [{ id: translate!.id, name: 'Translate it', done: false }] }, { json: true });
    expect(portalIn(unticked.body, outsourcing.id).checklist).toEqual([{ id: translate!.id, name: 'Translate it', done: false }]);
  });

  it('replaces the checklist: a known id keeps its item, none makes a new one, a new item is not done; names trimmed', async () => {
    const { outsourcing, path } = await scene();
    const first = await t.api.put(path, { checklist: [{ name: '  Translate ' }, { name: 'Review', done: true }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const list = portalIn(first.body, outsourcing.id).checklist as Array<{ id: string; name: string; done: boolean }>;
    expect(list).toEqual([
      { id: ID, name: 'Translate', done: false },
      { id: ID, name: 'Review', done: true },
    ]);
    expect(list[0]!.id).not.toBe(list[1]!.id);
    const second = await t.api.put(
      path,
      { checklist: [{ id: list[1]!.id, name: 'Review twice', done: false }, { name: 'Deliver' }, { id: list[0]!.id, name: 'Translate', done: true }] },
      { json: true },
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const next = portalIn(second.body, outsourcing.id).checklist as Array<{ id: string }>;
    expect(next).toEqual([
      { id: list[1]!.id, name: 'Review twice', done: false },
      { id: ID, name: 'Deliver', done: false },
      { id: list[0]!.id, name: 'Translate', done: true },
    ]);
    expect([list[0]!.id, list[1]!.id]).not.toContain(next[1]!.id);
    // An item left out is gone: its id is unknown afterwards.
    await t.api.put(path, { checklist: [{ id: next[1]!.id, name: 'Deliver' }] });
    const gone = await t.api.put(path, { checklist: [{ id: list[0]!.id, name: 'Translate' }] });
    expect(expectError(gone, 400, 'parameter_invalid').details).toEqual([{ param: 'checklist[0][id]', message: expect.any(String) }]);
    // An empty form value is the empty list.
    expect(portalIn((await t.api.put(path, { checklist: '' })).body, outsourcing.id).checklist).toEqual([]);
    expect(portalIn((await t.api.put(path, { checklist: [] }, { json: true })).body, outsourcing.id).checklist).toEqual([]);
  });

  it('sanitises the instructions (scripts and event attributes gone); plain text becomes paragraphs; empty or null clears them', async () => {
    const { outsourcing, path } = await scene();
    const reply = await t.api.put(path, {
      instructions: '<p onclick="steal()">Hello <a href="https://example.com" onclick="x()">here</a></p><script>alert(1)</script>',
    });
    expect(reply.status).toBe(200);
    const html = portalIn(reply.body, outsourcing.id).instructions as string;
    expect(html).toBe('<p>Hello <a href="https://example.com">here</a></p>');
    expect(html).not.toMatch(/script|onclick|alert/);
    expect(portalIn((await t.api.put(path, { instructions: 'Line one\nLine 2 > 1' })).body, outsourcing.id).instructions).toBe(
      '<p>Line one</p><p>Line 2 &gt; 1</p>',
    );
    expect(portalIn((await t.api.put(path, { instructions: null }, { json: true })).body, outsourcing.id).instructions).toBeNull();
    await t.api.put(path, { instructions: 'Again' });
    expect(portalIn((await t.api.put(path, { instructions: '' })).body, outsourcing.id).instructions).toBeNull();
    // Nothing readable left once sanitised: none.
    expect(portalIn((await t.api.put(path, { instructions: '<script>alert(1)</script>' })).body, outsourcing.id).instructions).toBeNull();
  });

  it('refuses each invalid parameter (400 naming it) and changes nothing', async () => {
    const { job, outsourcing, path } = await scene();
    const cases: Array<[Record<string, unknown>, string, string, boolean?]> = [
      [{ enabled: 'maybe' }, 'parameter_invalid', 'enabled'],
      [{ confirm: 2 }, 'parameter_invalid', 'confirm', true],
      [{ generatePurchaseOrderOnAcceptation: 'yes' }, 'parameter_invalid', 'generatePurchaseOrderOnAcceptation'],
      [{ uploadFileOnGroup: 'x' }, 'parameter_invalid', 'uploadFileOnGroup'],
      [{ instructions: 'x'.repeat(100_001) }, 'parameter_invalid', 'instructions'],
      [{ instructions: 12 }, 'parameter_invalid', 'instructions', true],
      [{ checklist: [{ name: '' }] }, 'parameter_invalid', 'checklist[0][name]', true],
      [{ checklist: [{ name: 'ok' }, { name: '   ' }] }, 'parameter_invalid', 'checklist[1][name]'],
      [{ checklist: [{ name: 'x'.repeat(201) }] }, 'parameter_invalid', 'checklist[0][name]'],
      [{ checklist: [{ done: true }] }, 'parameter_missing', 'checklist[0][name]'],
      [{ checklist: [{ name: 'a', colour: 'red' }] }, 'parameter_unknown', 'checklist[0][colour]'],
      [{ checklist: [{ id: MISSING_ID, name: 'a' }] }, 'parameter_invalid', 'checklist[0][id]'],
      [{ checklist: [{ id: 'nope', name: 'a' }] }, 'parameter_invalid', 'checklist[0][id]'],
      [{ checklist: Array.from({ length: 51 }, (_, i) => ({ name: `Item ${i}` })) }, 'parameter_invalid', 'checklist', true],
      [{ reference: 'mine' }, 'parameter_unknown', 'reference'],
      [{ status: 2 }, 'parameter_unknown', 'status'],
    ];
    for (const [params, code, param, json] of cases) {
      const error = expectError(await t.api.put(path, params as never, { json: json === true }), 400, code);
      expect(
        error.details?.map((detail) => detail.param),
        JSON.stringify(params).slice(0, 80),
      ).toEqual([param]);
    }
    // Fifty items are allowed.
    const fifty = await t.api.put(path, { checklist: Array.from({ length: 50 }, (_, i) => ({ name: `Item ${i}` })) }, { json: true });
    expect(portalIn(fifty.body, outsourcing.id).checklist).toHaveLength(50);
    await t.api.put(path, { checklist: [] }, { json: true });
    // Two items with one id.
    const one = portalIn((await t.api.put(path, { checklist: [{ name: 'One' }] })).body, outsourcing.id).checklist[0].id as string;
    const twice = await t.api.put(path, {
      checklist: [
        { id: one, name: 'One' },
        { id: one, name: 'Two' },
      ],
    });
    expect(expectError(twice, 400, 'parameter_invalid').details?.[0]?.param).toBe('checklist[1][id]');
    expect(portalIn((await t.api.get(`/v2/jobs/${job.id}`)).body, outsourcing.id)).toEqual({
      ...outsourcing.portal,
      checklist: [{ id: one, name: 'One', done: false }],
    });
  });

  it("answers 404 for an unknown job or outsourcing, another job's outsourcing, and another account's", async () => {
    const { job, outsourcing, path } = await scene();
    const other = await scene();
    expectError(await t.api.put(`/v2/jobs/${MISSING_ID}/outsourcing/${outsourcing.id}/portal`, { enabled: true }), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/jobs/${job.id}/outsourcing/${MISSING_ID}/portal`, { enabled: true }), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/jobs/${job.id}/outsourcing/nope/portal`, { enabled: true }), 404, 'resource_missing');
    expectError(await t.api.put(`/v2/jobs/${job.id}/outsourcing/${other.outsourcing.id}/portal`, { enabled: true }), 404, 'resource_missing');
    expectError(await t.otherApi.put(path, { enabled: true }), 404, 'resource_missing');
    const foreign = await scene(t.otherApi);
    expectError(await t.api.put(foreign.path, { enabled: true }), 404, 'resource_missing');
    expect(portalIn((await t.api.get(`/v2/jobs/${job.id}`)).body, outsourcing.id)).toEqual(outsourcing.portal);
    expect(portalIn((await t.otherApi.get(`/v2/jobs/${foreign.job.id}`)).body, foreign.outsourcing.id)).toEqual(foreign.outsourcing.portal);
  });

  it('takes the roles of PUT …/outsourcing/:outsourcingId: a viewer and a read-only key are refused (403), a manager may', async () => {
    const { job, outsourcing, path } = await scene();
    const keyOf = async (role: string) => {
      const user = (await t.api.post('/v2/users', { name: `The ${role}`, role })).body.id as string;
      return new Api(t.app, (await insertApiKey(t.database.db, t.account.accountId, user)).apiKey);
    };
    const viewer = await keyOf('viewer');
    const forOutsourcing = await viewer.put(`/v2/jobs/${job.id}/outsourcing/${outsourcing.id}`, { name: 'No' });
    const refusal = expectError(await viewer.put(path, { enabled: true }), forOutsourcing.status, (forOutsourcing.body as { code: string }).code);
    expect(forOutsourcing.status).toBe(403);
    expect(refusal.code).toBe((forOutsourcing.body as { code: string }).code);
    expectError(await t.api.withKey(t.account.readKey).put(path, { enabled: true }), 403, 'forbidden');
    expect(portalIn((await t.api.get(`/v2/jobs/${job.id}`)).body, outsourcing.id).enabled).toBe(false);
    const manager = await keyOf('manager');
    expect(portalIn((await manager.put(path, { enabled: true })).body, outsourcing.id).enabled).toBe(true);
  });
});
