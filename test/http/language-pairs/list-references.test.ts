import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../../src/core/context.js';
import { languagePairs } from '../../../src/modules/language-pairs/index.js';
import { Api, createTestAccount, createTestApp, MISSING_ID, type TestContext } from '../../helper.js';
import { languagePairsFixture, PATH, type Pair } from './fixture.js';
import { rejection } from '../master-data/fixture.js';

/** Language pairs: the listing order (docs/reference.md#bare-arrays) and reference() from other records (docs/master-data.md#disabled-records). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { create, list } = languagePairsFixture(() => t);

describe('listing order (docs/reference.md#bare-arrays): pinned first, then by name', () => {
  it('sorts by the source name (pairs without source first), then the target name, not by code', async () => {
    const third = await createTestAccount(t.database, 'Agency Three');
    const api = new Api(t.app, third.apiKey);
    for (const params of [
      { source: 'sv', target: 'en' },
      { source: 'zh', target: 'en' },
      { source: 'de', target: 'fr' },
      { source: 'de', target: 'en-US' },
      { target: 'fr' },
      { target: 'es' },
    ]) {
      await create(params, api);
    }
    const pinned = [await create({ source: 'ja', target: 'it' }, api), await create({ source: 'en', target: 'de' }, api)];
    for (const p of pinned) expect((await api.put(`${PATH}/${p.id}`, { pinned: true })).status).toBe(200);
    const show = (p: Pair) => `${p.source?.name ?? '-'} > ${p.target.name}${p.pinned ? ' (pinned)' : ''}`;
    expect((await list(api)).map(show)).toEqual([
      'English > German (pinned)',
      'Japanese > Italian (pinned)',
      '- > French',
      '- > Spanish',
      'Chinese > English',
      'German > English United States',
      'German > French',
      'Swedish > English',
    ]);
    // Disabled pairs keep their place; unpinning moves a pair back among the others.
    const sv = (await list(api)).find((p) => p.source?.code === 'sv')!;
    await api.put(`${PATH}/${sv.id}`, { disabled: true });
    await api.put(`${PATH}/${pinned[0]!.id}`, { pinned: false });
    expect((await list(api)).map(show)).toEqual([
      'English > German (pinned)',
      '- > French',
      '- > Spanish',
      'Chinese > English',
      'German > English United States',
      'German > French',
      'Japanese > Italian',
      'Swedish > English',
    ]);
  });
});

describe('reference() from other records (docs/master-data.md#disabled-records)', () => {
  const ctx = (account = t.account): Ctx => ({ db: t.database.db, dialect: t.database.dialect, accountId: account.accountId, userId: account.userId });

  it('answers the reference shape: id, source (when set), target, bidirectional', async () => {
    const full = await create({ source: 'tr', target: 'de', bidirectional: true });
    expect(await languagePairs.reference(ctx(), full.id, 'languagePair')).toEqual({
      id: full.id,
      source: { code: 'tr', name: 'Turkish' },
      target: { code: 'de', name: 'German' },
      bidirectional: true,
    });
    const mono = await create({ target: 'tr' });
    const ref = await languagePairs.reference(ctx(), mono.id, 'languagePair');
    expect(ref).toEqual({ id: mono.id, target: { code: 'tr', name: 'Turkish' }, bidirectional: false });
    expect('source' in ref).toBe(false);
  });

  it('refuses unknown, malformed and foreign ids with 400 parameter_invalid naming the parameter', async () => {
    const foreign = await create({ source: 'tr', target: 'en' }, t.otherApi);
    for (const id of [MISSING_ID, 'nope', foreign.id]) {
      const error = await rejection(languagePairs.reference(ctx(), id, 'languagePairs[0]'));
      expect(error).toMatchObject({ code: 'parameter_invalid', statusCode: 400, details: [{ param: 'languagePairs[0]' }] });
    }
    expect((await rejection(languagePairs.reference(ctx(), foreign.id, 'languagePair', foreign.id))).code).toBe('parameter_invalid');
    expect((await languagePairs.reference(ctx(t.other), foreign.id, 'languagePair')).id).toBe(foreign.id);
  });

  it('refuses a disabled pair unless it is the current one', async () => {
    const disabled = await create({ source: 'tr', target: 'fr' });
    const other = await create({ source: 'tr', target: 'it' });
    expect((await t.api.put(`${PATH}/${disabled.id}`, { disabled: true })).status).toBe(200);
    const error = await rejection(languagePairs.reference(ctx(), disabled.id, 'languagePair'));
    expect(error).toMatchObject({ code: 'parameter_invalid', statusCode: 400, details: [{ param: 'languagePair' }] });
    expect(error.message).toContain('disabled');
    expect((await rejection(languagePairs.reference(ctx(), disabled.id, 'languagePair', other.id))).code).toBe('parameter_invalid');
    expect((await rejection(languagePairs.reference(ctx(), disabled.id, 'languagePair', null))).code).toBe('parameter_invalid');
    expect(await languagePairs.reference(ctx(), disabled.id, 'languagePair', disabled.id)).toEqual({
      id: disabled.id,
      source: { code: 'tr', name: 'Turkish' },
      target: { code: 'fr', name: 'French' },
      bidirectional: false,
    });
    await t.api.put(`${PATH}/${disabled.id}`, { disabled: false });
    expect((await languagePairs.reference(ctx(), disabled.id, 'languagePair')).id).toBe(disabled.id);
  });

  it('referencesByIds answers the account pairs only', async () => {
    const mine = await create({ source: 'tr', target: 'es' });
    const foreign = await create({ source: 'tr', target: 'es' }, t.otherApi);
    const refs = await languagePairs.referencesByIds(ctx(), [mine.id, mine.id, foreign.id, MISSING_ID]);
    expect([...refs.keys()]).toEqual([mine.id]);
    expect(refs.get(mine.id)).toEqual({ id: mine.id, source: { code: 'tr', name: 'Turkish' }, target: { code: 'es', name: 'Spanish' }, bidirectional: false });
    expect((await languagePairs.referencesByIds(ctx(), [])).size).toBe(0);
  });
});
