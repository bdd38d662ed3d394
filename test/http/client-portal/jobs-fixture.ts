import { expect } from 'vitest';
import type { Api, TestContext } from '../../helper.js';
import { Browser, PASSWORD, userWithPassword } from '../auth/fixture.js';
import { uploadFile } from '../files/helper.js';
import { buildWorld, jobParams, newJob, type World } from '../jobs/fixture.js';
import { signedInSupplierPerson } from '../portal/fixture.js';
import { signedInClientPerson } from './fixture.js';

/**
 * The scene of the client portal's job tests (docs/client-portal.md#jobs-and-deliveries): a client's
 * signed-in person (`own`), another client's of the same account, a client's of another account, a
 * supplier's person, and an agency session.
 */
export async function jobsScene(t: TestContext, label: string) {
  const w = await buildWorld(t);
  const own = await signedInClientPerson(t.app, t.api, `${label} Own Client`);
  const other = await signedInClientPerson(t.app, t.api, `${label} Other Client`);
  const foreign = await signedInClientPerson(t.app, t.otherApi, `${label} Foreign Client`);
  const supplier = await signedInSupplierPerson(t.app, t.api, `${label} Supplier`);
  const agency = new Browser(t.app);
  const email = `${label.toLowerCase().replace(/\W+/g, '-')}-owner@example.com`;
  await userWithPassword(t, email, { role: 'owner' });
  expect((await agency.login(email, PASSWORD)).status).toBe(200);
  return { w, own, other, foreign, supplier, agency };
}

export type JobsScene = Awaited<ReturnType<typeof jobsScene>>;

/** A job of a client of the first account (Translation, en → fr); answers the job as the agency reads it. */
export async function clientJob(api: Api, w: World, clientId: string, extra: Record<string, unknown> = {}) {
  return newJob(api, jobParams(w, w.service.Translation!, { client: clientId, languagePair: w.pair.enFr, ...extra }));
}

/** Uploads a file to a job (or group) and shares it with the client: the file object. */
export async function sharedFile(t: TestContext, base: string, name: string, content: string) {
  const file = (await uploadFile(t, base, name, content)).body as { id: string };
  const shared = await t.api.put(`${base}/files/${file.id}/share/with/client`);
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  expect(shared.body.shareWithClient).toBe(true);
  return shared.body as { id: string; name: string };
}
