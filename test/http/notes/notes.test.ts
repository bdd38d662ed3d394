import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupViews } from '../../../src/modules/groups/index.js';
import { jobViews } from '../../../src/modules/jobs/index.js';
import { DefaultQueryExecutor } from 'kysely';
import { Api, MISSING_ID, createTestAccount, createTestApp, expectError, type TestContext } from '../../helper.js';
import { insertApiKey } from '../../../src/modules/accounts/provisioning.js';

let t: TestContext;
let owner: { id: string; name: string };
/** A second user of the first account, with a key of its own. */
let editor: { id: string; name: string; api: Api };
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.api.get('/v2/users/me')).body;
  // A manager: notes of clients, suppliers, jobs and groups are project work (docs/access.md#roles).
  const user = (await t.api.post('/v2/users', { name: 'Second Editor', role: 'manager' })).body;
  const { apiKey } = await insertApiKey(t.database.db, t.account.accountId, user.id);
  editor = { id: user.id, name: 'Second Editor', api: t.api.withKey(apiKey) };
});
afterAll(async () => {
  await t.close();
});

const ID = expect.stringMatching(/^[0-9a-f]{24}$/);
const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The create parameters of a job in the account of `api` (a client of its own, its first service and unit). */
const jobSetUp = new Map<string, Record<string, unknown>>();
async function jobParams(api: Api): Promise<Record<string, unknown>> {
  const key = api.apiKey ?? '';
  if (!jobSetUp.has(key)) {
    const client = (await api.post('/v2/clients', { name: 'Job notes client' })).body.id;
    const service = (await api.get('/v2/account/services')).body[0].id;
    const quantityType = (await api.get('/v2/account/quantity-types')).body[0].id;
    jobSetUp.set(key, { client, service, quantityType, quantity: 10 });
  }
  return jobSetUp.get(key)!;
}

/** Every parent configured with noteRoutes: the same tests run for each. */
const PARENTS: Array<{ resource: string; base: string; params?: (api: Api) => Promise<Record<string, unknown>> }> = [
  { resource: 'client', base: '/v2/clients' },
  { resource: 'supplier', base: '/v2/suppliers' },
  { resource: 'job', base: '/v2/jobs', params: jobParams },
  { resource: 'group', base: '/v2/groups' },
];

async function events(type: string, id: string): Promise<Array<Record<string, any>>> {
  const rows = await t.database.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) })).filter((row) => row.data.id === id);
}

const noteRows = (parentId: string) => t.database.db.selectFrom('notes').selectAll().where('parent_id', '=', parentId).execute();

/** Hostile inputs (OWASP XSS filter evasion style) and what is stored of them. */
const HOSTILE: Array<[string, string]> = [
  ['<script>alert(1)</script>safe', '<p>safe</p>'],
  ['<img src=x onerror=alert(1)>text', '<p>text</p>'],
  ['<a href="javascript:alert(1)">click</a>', '<p><a>click</a></p>'],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', '<p><a>x</a></p>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<p><a>x</a></p>'],
  ['<a href=" javascript:alert(1)">x</a>', '<p><a>x</a></p>'],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<p><a>x</a></p>'],
  ['<a href="vbscript:msgbox(1)">v</a>', '<p><a>v</a></p>'],
  ['<p onclick="alert(1)">hi</p>', '<p>hi</p>'],
  ['<a href="https://ok.example" onmouseover="alert(1)" target="_blank">ok</a>', '<p><a href="https://ok.example">ok</a></p>'],
  ['<svg onload=alert(1)><circle/></svg>ok', '<p>ok</p>'],
  ['<iframe src="https://evil.example"></iframe>ok', '<p>ok</p>'],
  ['<div style="background:url(javascript:alert(1))">x</div>', '<p>x</p>'],
  ['<scr<script>ipt>alert(1)</script>', '<p>ipt&gt;alert(1)</p>'],
  ['<<script>script>alert(1)<</script>/script>', '<p>&lt;/script&gt;</p>'],
  ['<body onload=alert(1)>x', '<p>x</p>'],
  [`<IMG SRC="jav&#x09;ascript:alert('XSS');">x`, '<p>x</p>'],
  ['"><script>alert(1)</script>', '<p>"&gt;</p>'],
  ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>y', '<p>y</p>'],
  ["<style>@import 'x';</style>z", '<p>z</p>'],
  ['<input onfocus=alert(1) autofocus>z', '<p>z</p>'],
  ['<details open ontoggle=alert(1)>z', '<p>z</p>'],
  ['<!--<script>alert(1)</script>-->z', '<p>z</p>'],
  ['<object data="javascript:alert(1)"></object>z', '<p>z</p>'],
  ['<form action="javascript:alert(1)"><button>z</button></form>', '<p>z</p>'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">z', '<p>z</p>'],
  ['<p>unclosed <strong>bold', '<p>unclosed <strong>bold</strong></p>'],
];
const DANGEROUS = /<\s*(script|img|svg|iframe|style|object|embed|math|input|form|meta|body|details)|\son[a-z]+\s*=|javascript:|vbscript:|data:|style\s*=/i;

describe.each(PARENTS)('notes on a $resource', ({ resource, base, params }) => {
  const newParent = async (api: Api = t.api, name = `Noted ${resource}`) => {
    const reply = await api.post(base, { name, ...(params ? await params(api) : {}) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body;
  };
  const addNote = async (parentId: string, content: string, api: Api = t.api) => {
    const reply = await api.post(`${base}/${parentId}/notes`, { content });
    expect(reply.status).toBe(200);
    return reply.body.notes.at(-1);
  };

  it('POST answers 200 with the parent including the new note (plain text → escaped paragraphs)', async () => {
    const parent = await newParent();
    await sleep(5);
    const reply = await t.api.post(`${base}/${parent.id}/notes`, { content: 'Called them.\nFiles on Friday & 5 < 6' });
    expect(reply.status).toBe(200);
    const note = reply.body.notes[0];
    expect(note).toEqual({
      id: ID,
      content: '<p>Called them.</p><p>Files on Friday &amp; 5 &lt; 6</p>',
      user: { id: owner.id, name: owner.name },
      createdAt: DATE,
    });
    // editedByUser and updatedAt are absent (not null) before an update.
    expect(Object.keys(note).sort()).toEqual(['content', 'createdAt', 'id', 'user']);
    expect(reply.body).toEqual({ ...parent, notes: [note], updatedAt: note.createdAt });
    expect(reply.body.updatedAt > parent.updatedAt).toBe(true);
    expect((await t.api.get(`${base}/${parent.id}`)).body).toEqual(reply.body);
  });

  it('keeps allowed HTML, takes JSON bodies, and lists notes in creation order', async () => {
    const parent = await newParent();
    const html =
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>x</li></ul><blockquote>q</blockquote><a href="mailto:a@b.example">m</a>';
    const first = await addNote(parent.id, html);
    expect(first.content).toBe(
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p><ul><li>x</li></ul><blockquote>q</blockquote><p><a href="mailto:a@b.example">m</a></p>',
    );
    const json = await t.api.post(`${base}/${parent.id}/notes`, { content: 'second' }, { json: true });
    expect(json.status).toBe(200);
    const third = await addNote(parent.id, 'third');
    expect(json.body.notes.map((note: { content: string }) => note.content)).toEqual([first.content, '<p>second</p>']);
    const notes = (await t.api.get(`${base}/${parent.id}`)).body.notes;
    expect(notes.map((note: { id: string }) => note.id)).toEqual([first.id, json.body.notes[1].id, third.id]);
  });

  it('PUT by another user of the account sets editedByUser and updatedAt, keeps the creator', async () => {
    const parent = await newParent();
    const note = await addNote(parent.id, 'original');
    const other = await addNote(parent.id, 'untouched');
    await sleep(5);
    const reply = await editor.api.put(`${base}/${parent.id}/notes/${note.id}`, { content: 'edited' });
    expect(reply.status).toBe(200);
    const edited = reply.body.notes[0];
    expect(edited).toEqual({
      id: note.id,
      content: '<p>edited</p>',
      user: { id: owner.id, name: owner.name },
      editedByUser: { id: editor.id, name: editor.name },
      createdAt: note.createdAt,
      updatedAt: DATE,
    });
    expect(edited.updatedAt > note.createdAt).toBe(true);
    expect(reply.body.notes[1]).toEqual(other);
    expect(reply.body.updatedAt).toBe(edited.updatedAt);
    // The owner edits again: the last editor is recorded.
    const again = await t.api.put(`${base}/${parent.id}/notes/${note.id}`, { content: 'again' });
    expect(again.body.notes[0]).toMatchObject({ content: '<p>again</p>', user: { id: owner.id }, editedByUser: { id: owner.id, name: owner.name } });
    expect((await t.api.get(`${base}/${parent.id}`)).body).toEqual(again.body);
  });

  it('DELETE by any user answers 200 with the parent without the note', async () => {
    const parent = await newParent();
    const note = await addNote(parent.id, 'to delete');
    const kept = await addNote(parent.id, 'kept');
    const before = (await t.api.get(`${base}/${parent.id}`)).body;
    await sleep(5);
    const reply = await editor.api.delete(`${base}/${parent.id}/notes/${note.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ...before, notes: [kept], updatedAt: DATE });
    expect(reply.body.updatedAt > before.updatedAt).toBe(true);
    expectError(await t.api.delete(`${base}/${parent.id}/notes/${note.id}`), 404, 'resource_missing');
    expect(await noteRows(parent.id)).toHaveLength(1);
  });

  it(`records ${resource}.updated with the full parent on every change`, async () => {
    const parent = await newParent();
    const created = await t.api.post(`${base}/${parent.id}/notes`, { content: 'evented' });
    const noteId = created.body.notes[0].id;
    const updated = await t.api.put(`${base}/${parent.id}/notes/${noteId}`, { content: 'evented again' });
    const deleted = await t.api.delete(`${base}/${parent.id}/notes/${noteId}`);
    const recorded = await events(`${resource}.updated`, parent.id);
    expect(recorded.map((event) => event.data)).toEqual([created.body, updated.body, deleted.body]);
    expect(recorded.every((event) => event.account_id === t.account.accountId)).toBe(true);
    // A refused change records nothing.
    await t.api.put(`${base}/${parent.id}/notes/${MISSING_ID}`, { content: 'x' });
    expect(await events(`${resource}.updated`, parent.id)).toHaveLength(3);
  });

  it('never gives back hostile markup (POST and PUT, stored, in events)', async () => {
    const parent = await newParent();
    const seed = await addNote(parent.id, 'seed');
    for (const [input, stored] of HOSTILE) {
      const created = await t.api.post(`${base}/${parent.id}/notes`, { content: input });
      expect(created.status, input).toBe(200);
      expect(created.body.notes.at(-1).content, input).toBe(stored);
      const updated = await t.api.put(`${base}/${parent.id}/notes/${seed.id}`, { content: input }, { json: true });
      expect(updated.body.notes[0].content, input).toBe(stored);
    }
    const rows = await noteRows(parent.id);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    for (const row of rows) expect(row.content).not.toMatch(DANGEROUS);
    for (const event of await events(`${resource}.updated`, parent.id)) {
      for (const note of event.data.notes) expect(note.content).not.toMatch(DANGEROUS);
    }
  });

  it('validates content: missing, unknown parameter, too long, empty or empty after sanitising, wrong type', async () => {
    const parent = await newParent();
    const note = await addNote(parent.id, 'valid');
    const url = `${base}/${parent.id}/notes`;
    for (const [method, path] of [
      ['POST', url],
      ['PUT', `${url}/${note.id}`],
    ] as const) {
      const send = (params: Record<string, any>, json = false) => t.api.request(method, path, params, { json });
      expect(expectError(await send({}), 400, 'parameter_missing').details).toEqual([{ param: 'content', message: expect.any(String) }]);
      expect(expectError(await send({ content: 'x', color: 'red' }), 400, 'parameter_unknown').details?.[0]?.param).toBe('color');
      expectError(await send({ content: 'x'.repeat(100_001) }, true), 400, 'parameter_invalid');
      expectError(await send({ content: 12 }, true), 400, 'parameter_invalid');
      expectError(await send({ content: 'a\u0000b' }, true), 400, 'parameter_invalid');
      for (const empty of ['', '   ', '\n\n', '<script>alert(1)</script>', '<p> </p>', '<br>', '<img src=x onerror=alert(1)>']) {
        const error = expectError(await send({ content: empty }), 400, 'parameter_invalid');
        expect(error.message).toBe('content: is empty after sanitising');
      }
    }
    const long = await t.api.post(url, { content: 'y'.repeat(100_000) }, { json: true });
    expect(long.status).toBe(200);
    expect(long.body.notes.at(-1).content).toBe(`<p>${'y'.repeat(100_000)}</p>`);
    expect((await t.api.get(`${base}/${parent.id}`)).body.notes.map((n: { content: string }) => n.content)).toEqual([
      '<p>valid</p>',
      long.body.notes[1].content,
    ]);
  });

  it('answers 404 for missing, malformed and foreign parents and notes, and for a note of another parent', async () => {
    const a = await newParent();
    const b = await newParent();
    const noteOfA = await addNote(a.id, 'of A');
    const foreign = await newParent(t.otherApi);
    const foreignNote = (await t.otherApi.post(`${base}/${foreign.id}/notes`, { content: 'theirs' })).body.notes[0];
    for (const parentId of [MISSING_ID, 'not-an-id', foreign.id, foreign.id.toUpperCase()]) {
      expectError(await t.api.post(`${base}/${parentId}/notes`, { content: 'x' }), 404, 'resource_missing');
      expectError(await t.api.put(`${base}/${parentId}/notes/${noteOfA.id}`, { content: 'x' }), 404, 'resource_missing');
      expectError(await t.api.delete(`${base}/${parentId}/notes/${noteOfA.id}`), 404, 'resource_missing');
    }
    for (const noteId of [MISSING_ID, 'nope', noteOfA.id.slice(1), foreignNote.id]) {
      expectError(await t.api.put(`${base}/${a.id}/notes/${noteId}`, { content: 'x' }), 404, 'resource_missing');
      expectError(await t.api.delete(`${base}/${a.id}/notes/${noteId}`), 404, 'resource_missing');
    }
    // A note of A under B.
    expect(expectError(await t.api.put(`${base}/${b.id}/notes/${noteOfA.id}`, { content: 'x' }), 404, 'resource_missing').message).toContain(noteOfA.id);
    expectError(await t.api.delete(`${base}/${b.id}/notes/${noteOfA.id}`), 404, 'resource_missing');
    // Nothing changed anywhere.
    expect((await t.api.get(`${base}/${a.id}`)).body.notes).toEqual([noteOfA]);
    expect((await t.api.get(`${base}/${b.id}`)).body.notes).toEqual([]);
    expect((await t.otherApi.get(`${base}/${foreign.id}`)).body.notes).toEqual([foreignNote]);
    // There is no listing of notes: they come with the parent.
    expectError(await t.api.get(`${base}/${a.id}/notes`), 405, 'method_not_allowed');
  });

  it('keeps accounts apart: the other account cannot reach, edit or delete our notes', async () => {
    const parent = await newParent();
    const note = await addNote(parent.id, 'ours');
    expectError(await t.otherApi.post(`${base}/${parent.id}/notes`, { content: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.put(`${base}/${parent.id}/notes/${note.id}`, { content: 'x' }), 404, 'resource_missing');
    expectError(await t.otherApi.delete(`${base}/${parent.id}/notes/${note.id}`), 404, 'resource_missing');
    const theirs = (await t.otherApi.get(base, { pageSize: 100 })).body.items;
    expect(theirs.flatMap((item: { notes: Array<{ id: string }> }) => item.notes).some((n: { id: string }) => n.id === note.id)).toBe(false);
    expect((await noteRows(parent.id)).map((row) => [row.account_id, row.content])).toEqual([[t.account.accountId, '<p>ours</p>']]);
  });

  it('refuses writes with a read-only key (403) but shows notes to it', async () => {
    const parent = await newParent();
    const note = await addNote(parent.id, 'read me');
    const readOnly = t.api.withKey(t.account.readKey);
    expectError(await readOnly.post(`${base}/${parent.id}/notes`, { content: 'x' }), 403, 'forbidden');
    expectError(await readOnly.put(`${base}/${parent.id}/notes/${note.id}`, { content: 'x' }), 403, 'forbidden');
    expectError(await readOnly.delete(`${base}/${parent.id}/notes/${note.id}`), 403, 'forbidden');
    expect((await readOnly.get(`${base}/${parent.id}`)).body.notes).toEqual([note]);
  });

  it(`deleting the ${resource} deletes its notes and only its notes`, async () => {
    const parent = await newParent();
    const neighbour = await newParent();
    await addNote(parent.id, 'one');
    await editor.api.post(`${base}/${parent.id}/notes`, { content: 'two' });
    await addNote(neighbour.id, 'stays');
    expect(await noteRows(parent.id)).toHaveLength(2);
    expect((await t.api.delete(`${base}/${parent.id}`)).status).toBe(204);
    expect(await noteRows(parent.id)).toHaveLength(0);
    expect(await noteRows(neighbour.id)).toHaveLength(1);
    const deleted = await events(`${resource}.deleted`, parent.id);
    expect(deleted.at(-1)?.data.notes).toHaveLength(2);
  });

  it(`lists a page of ${resource}s with their notes in a constant number of queries`, async () => {
    const account = await createTestAccount(t.database, `Notes count ${resource}`);
    const api = new Api(t.app, account.apiKey);
    for (let i = 0; i < 6; i++) {
      const parent = await newParent(api, `Counted ${i}`);
      await addNote(parent.id, `first ${i}`, api);
      const second = await addNote(parent.id, `second ${i}`, api);
      await api.put(`${base}/${parent.id}/notes/${second.id}`, { content: `edited ${i}` });
    }
    const queries = async (pageSize: number) => {
      // The same state for every count: the key looked up already (kept while nothing is written).
      await api.get(base, { pageSize });
      // Built afresh each time, not served from the job or group view cache.
      jobViews.cacheOf(t.database.reader).clear();
      groupViews.cacheOf(t.database.reader).clear();
      const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
      try {
        const reply = await api.get(base, { pageSize });
        expect(reply.body.items).toHaveLength(pageSize);
        for (const item of reply.body.items) {
          expect(item.notes.map((n: { content: string }) => n.content)).toEqual([
            expect.stringMatching(/^<p>first \d<\/p>$/),
            expect.stringMatching(/^<p>edited \d<\/p>$/),
          ]);
          expect(item.notes[1].editedByUser).toEqual({ id: account.userId, name: expect.any(String) });
        }
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await queries(6)).toBe(await queries(2));
  });
});
