import type { ConsoleWorld } from '../harness.js';

/**
 * What the browser tests of the job page's files, notes and time sections share: a job made
 * through the API on the demo data, and a viewer who signs in with a password.
 */
export async function createJob(world: ConsoleWorld, name: string): Promise<{ id: string; name: string }> {
  const clients = await world.api<{ items: { id: string; name: string }[] }>('GET', '/v2/clients?pageSize=100');
  const services = await world.api<{ id: string; name: string }[]>('GET', '/v2/account/services');
  const units = await world.api<{ id: string; name: string }[]>('GET', '/v2/account/quantity-types');
  const client = clients.items.find((item) => item.name === 'Acme Pharma NV') ?? clients.items[0]!;
  const service = services.find((item) => item.name === 'Translation') ?? services[0]!;
  const unit = units.find((item) => item.name === 'Words') ?? units[0]!;
  return world.api('POST', '/v2/jobs', { name, client: client.id, service: service.id, quantityType: unit.id, quantity: 1000 });
}

export const VIEWER = { email: 'viewer@agency.example', password: 'viewer password 1', name: 'Vera Viewer', role: 'viewer' };
export const MANAGER = { email: 'manager@agency.example', password: 'manager password 1', name: 'Mia Manager', role: 'manager' };

/** A user of that role who has chosen a password (through the invitation link), to sign in with. */
export async function createUser(world: ConsoleWorld, who: typeof VIEWER): Promise<{ email: string; password: string }> {
  const user = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email: who.email, role: who.role, name: who.name });
  const token = new URL(user.invitation.url).hash.replace(/^#token=/, '');
  const response = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: who.password }),
  });
  if (!response.ok) throw new Error(`accepting the invitation of ${who.email}: ${response.status} ${await response.text()}`);
  return { email: who.email, password: who.password };
}

export const createViewer = (world: ConsoleWorld) => createUser(world, VIEWER);

/** Uploads a file through the API with the owner's key (multipart, the field `file`). */
export async function uploadThroughApi(world: ConsoleWorld, path: string, name: string, content: string): Promise<{ id: string }> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${world.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${world.apiKey}` }, body: form });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}
