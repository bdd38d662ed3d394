import type { ConsoleWorld } from '../harness.js';

/**
 * The world of the CAT analysis and outsourcing browser tests: the demo data, and a job of the
 * demo client Acme Pharma (Translation, en→fr, Medical: it takes Acme's price of 0.14 a word with
 * percentage match rates, and Acme's CAT configuration "Trados Studio — words"). The demo data has
 * no jobs of its own, so each test file makes the jobs it needs through the API.
 */
export interface Demo {
  acme: string;
  translation: string;
  words: string;
  enFr: string;
  medical: string;
  supplier: Record<'Marie Dubois' | 'Hans Müller' | 'Lingo Partners BV', string>;
}

export async function demo(world: ConsoleWorld): Promise<Demo> {
  await world.demoData();
  const byName = (list: Array<{ id: string; name: string }>) => Object.fromEntries(list.map((item) => [item.name, item.id]));
  const clients = byName((await world.api('GET', '/v2/clients?pageSize=100')).items);
  const suppliers = byName((await world.api('GET', '/v2/suppliers?pageSize=100')).items);
  const services = byName(await world.api('GET', '/v2/account/services'));
  const units = byName(await world.api('GET', '/v2/account/quantity-types'));
  const domains = byName(await world.api('GET', '/v2/account/domains'));
  const pairs = await world.api<Array<{ id: string; source?: { code: string }; target: { code: string } }>>('GET', '/v2/account/language-pairs');
  return {
    acme: clients['Acme Pharma NV']!,
    translation: services.Translation!,
    words: units.Words!,
    enFr: pairs.find((pair) => pair.source?.code === 'en' && pair.target.code === 'fr')!.id,
    medical: domains.Medical!,
    supplier: { 'Marie Dubois': suppliers['Marie Dubois']!, 'Hans Müller': suppliers['Hans Müller']!, 'Lingo Partners BV': suppliers['Lingo Partners BV']! },
  };
}

/** A job of 1 000 words for Acme, en→fr, Medical (0.14 a word: 140.00). */
export async function acmeJob(world: ConsoleWorld, d: Demo, name: string): Promise<any> {
  return world.api('POST', '/v2/jobs', {
    name,
    client: d.acme,
    service: d.translation,
    quantityType: d.words,
    quantity: 1000,
    languagePair: d.enFr,
    domain: d.medical,
  });
}

/** A viewer who has accepted their invitation: their e-mail and password, to sign in with. */
export async function viewer(world: ConsoleWorld, email: string): Promise<{ email: string; password: string }> {
  const user = await world.api('POST', '/v2/users', { email, role: 'viewer' });
  const token = new URL(user.invitation.url as string).hash.replace('#token=', '');
  const password = 'viewer password 1';
  const accepted = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (!accepted.ok) throw new Error(`accepting the invitation: ${accepted.status} ${await accepted.text()}`);
  return { email, password };
}

/** POST /v2/cat-analysis/parse with the owner's key: the API's own answer, status and body. */
export async function parseWithApi(world: ConsoleWorld, bytes: Uint8Array, name: string): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  const response = await fetch(`${world.baseUrl}/v2/cat-analysis/parse`, { method: 'POST', headers: { Authorization: `Bearer ${world.apiKey}` }, body: form });
  return { status: response.status, body: await response.json() };
}
