import { describe, expect, it } from 'vitest';
import { expectError, MISSING_ID, type TestContext } from '../../helper.js';
import { BASE, catConfigurationsFixture, catConfigurationsPerFile, summary, type CatWorld } from './fixture.js';

/** The mappings of a configuration (docs/cat-configurations.md): adding, moving and removing tool matches. */
let t: TestContext;
let w: CatWorld;
catConfigurationsPerFile((app, world) => ([t, w] = [app, world]));
const { create, add, removeMatch, move, events } = catConfigurationsFixture(() => ({ t, w }));

describe('mappings', () => {
  it('adds tool matches: a mapping per category, created on first add at the end, tool matches in added order', async () => {
    const config = await create({ name: 'Mapped' });
    let reply = await add(config.id, w.match['Context match']!, 'perfect');
    expect(reply.status).toBe(200);
    expect(reply.body.mappings).toEqual([{ match: { id: w.match['Context match'], name: 'Context match' }, toolMatches: ['perfect'] }]);
    await add(config.id, w.match['Context match']!, 'inContextExact');
    await add(config.id, w.match['100%']!, 'exact');
    reply = await add(config.id, w.match.Repetitions!, 'repeated');
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect', 'inContextExact']],
      ['100%', ['exact']],
      ['Repetitions', ['repeated']],
    ]);
    const again = await add(config.id, w.match['Context match']!, 'perfect');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(reply.body);
    expect(await events('catConfiguration.updated')).toContainEqual(reply.body);
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(reply.body);
  });

  it('moves a tool match held by another category (one category per tool match); an emptied mapping goes', async () => {
    const config = await create({ name: 'Moves' });
    await add(config.id, w.match['Context match']!, 'perfect');
    await add(config.id, w.match['Context match']!, 'inContextExact');
    await add(config.id, w.match['100%']!, 'exact');
    let reply = await add(config.id, w.match['100%']!, 'inContextExact');
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect']],
      ['100%', ['exact', 'inContextExact']],
    ]);
    reply = await add(config.id, w.match['No match']!, 'perfect');
    expect(summary(reply.body)).toEqual([
      ['100%', ['exact', 'inContextExact']],
      ['No match', ['perfect']],
    ]);
    expect((await move(config.id, w.match['No match']!, 0)).body.mappings[0].match.name).toBe('No match');
  });

  it('moves a mapping to a 0-based position; out of range 400; without mapping 404', async () => {
    const config = await create({ name: 'Order' });
    for (const [category, toolMatch] of [
      ['Context match', 'perfect'],
      ['Repetitions', 'repeated'],
      ['100%', 'exact'],
      ['No match', 'new'],
    ] as const) {
      await add(config.id, w.match[category]!, toolMatch);
    }
    let reply = await move(config.id, w.match['No match']!, 0);
    expect(reply.status).toBe(200);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['No match', 'Context match', 'Repetitions', '100%']);
    reply = await move(config.id, w.match['No match']!, 3);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['Context match', 'Repetitions', '100%', 'No match']);
    reply = await move(config.id, w.match.Repetitions!, 1);
    expect(summary(reply.body).map(([name]) => name)).toEqual(['Context match', 'Repetitions', '100%', 'No match']);
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(reply.body);
    for (const position of [4, -1, 'abc', 1.5]) {
      const error = expectError(await move(config.id, w.match['No match']!, position), 400, 'parameter_invalid');
      expect(error.details?.[0]?.param).toBe('position');
    }
    expectError(await move(config.id, w.match['50-74%']!, 0), 404, 'resource_missing');
    expectError(await move(config.id, MISSING_ID, 0), 404, 'resource_missing');
    expectError(await move(config.id, w.otherMatch, 0), 404, 'resource_missing');
  });

  it('removes a tool match; an emptied mapping is removed and the order closes up', async () => {
    const config = await create({ name: 'Removals' });
    await add(config.id, w.match['Context match']!, 'perfect');
    await add(config.id, w.match['100%']!, 'exact');
    await add(config.id, w.match['100%']!, 'locked');
    await add(config.id, w.match['No match']!, 'new');
    let reply = await removeMatch(config.id, w.match['100%']!, 'exact');
    expect(reply.status).toBe(200);
    expect(summary(reply.body)).toEqual([
      ['Context match', ['perfect']],
      ['100%', ['locked']],
      ['No match', ['new']],
    ]);
    reply = await removeMatch(config.id, w.match['Context match']!, 'perfect');
    expect(summary(reply.body)).toEqual([
      ['100%', ['locked']],
      ['No match', ['new']],
    ]);
    expect(summary((await move(config.id, w.match['100%']!, 1)).body)).toEqual([
      ['No match', ['new']],
      ['100%', ['locked']],
    ]);
    expectError(await move(config.id, w.match['100%']!, 2), 400, 'parameter_invalid');
    expectError(await removeMatch(config.id, w.match['100%']!, 'exact'), 404, 'resource_missing');
    expectError(await removeMatch(config.id, w.match['Context match']!, 'perfect'), 404, 'resource_missing');
    expectError(await removeMatch(config.id, w.match['100%']!, 'noMatch'), 400, 'parameter_invalid');
    expectError(await removeMatch(config.id, w.otherMatch, 'locked'), 404, 'resource_missing');
  });

  it('validates the tool match against the tool and the category (disabled 400, unknown or foreign 404)', async () => {
    const trados = await create({ name: 'Trados checks' });
    const memoq = await create({ name: 'memoQ checks', catTool: 'memoq' });
    const error = expectError(await add(trados.id, w.match['No match']!, 'noMatch'), 400, 'parameter_invalid');
    expect(error.details?.[0]?.param).toBe('toolMatch');
    expect(summary((await add(memoq.id, w.match['No match']!, 'noMatch')).body)).toEqual([['No match', ['noMatch']]]);
    expectError(await add(memoq.id, w.match['No match']!, 'Exact'), 400, 'parameter_invalid');
    const disabled = (await t.api.post('/v2/account/matches', { name: 'Retired band' })).body.id;
    expect((await t.api.put(`/v2/account/matches/${disabled}`, { disabled: true })).body.disabled).toBe(true);
    expect(expectError(await add(trados.id, disabled, 'new'), 400, 'parameter_invalid').details?.[0]?.param).toBe('matchId');
    for (const matchId of [MISSING_ID, 'not-an-id', w.otherMatch]) {
      expectError(await add(trados.id, matchId, 'new'), 404, 'resource_missing');
    }
    for (const id of [MISSING_ID, 'not-an-id']) {
      expectError(await add(id, w.match['No match']!, 'new'), 404, 'resource_missing');
      expectError(await move(id, w.match['No match']!, 0), 404, 'resource_missing');
      expectError(await removeMatch(id, w.match['No match']!, 'new'), 404, 'resource_missing');
    }
    expect((await t.api.get(`${BASE}/${trados.id}`)).body.mappings).toEqual([]);
  });

  it("keeps the other account out of this account's mappings", async () => {
    const config = await create({ name: 'Boundary' });
    await add(config.id, w.match['100%']!, 'exact');
    const before = (await t.api.get(`${BASE}/${config.id}`)).body;
    expectError(await add(config.id, w.match['100%']!, 'locked', t.otherApi), 404, 'resource_missing');
    expectError(await add(config.id, w.otherMatch, 'locked', t.otherApi), 404, 'resource_missing');
    expectError(await move(config.id, w.match['100%']!, 0, t.otherApi), 404, 'resource_missing');
    expectError(await removeMatch(config.id, w.match['100%']!, 'exact', t.otherApi), 404, 'resource_missing');
    expect((await t.api.get(`${BASE}/${config.id}`)).body).toEqual(before);
  });

  it('stays consistent under concurrent adds and moves (positions 0..n-1, each tool match once)', async () => {
    const config = await create({ name: 'Concurrent' });
    const categories = ['Context match', 'Repetitions', '100%', '95-99%', '85-94%', '75-84%'].map((name) => w.match[name]!);
    const tool = (await t.api.get(`${BASE}/cat-tools`)).body[0].matches as string[];
    await Promise.all(tool.map((name, index) => add(config.id, categories[index % categories.length]!, name)));
    await Promise.all(tool.map((name, index) => add(config.id, categories[(index + 1) % categories.length]!, name)));
    const moves = await Promise.all(categories.map((category, index) => move(config.id, category, (index * 7) % categories.length)));
    expect(moves.map((reply) => reply.status)).toEqual(categories.map(() => 200));
    const body = (await t.api.get(`${BASE}/${config.id}`)).body;
    expect(body.mappings).toHaveLength(categories.length);
    expect(body.mappings.flatMap((m: { toolMatches: string[] }) => m.toolMatches).sort()).toEqual([...tool].sort());
    const positions = await t.database.db
      .selectFrom('cat_configuration_mappings')
      .select('position')
      .where('configuration_id', '=', config.id)
      .orderBy('position')
      .execute();
    expect(positions.map((row) => row.position)).toEqual(categories.map((_, index) => index));
  });
});
