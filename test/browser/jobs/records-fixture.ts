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

export const VIEWER = { email: 'viewer@agency.example', password: 'viewer password 1' };

/** A user with the viewer role who has chosen a password (through the invitation link). */
export async function createViewer(world: ConsoleWorld): Promise<typeof VIEWER> {
  const user = await world.api<{ invitation: { url: string } }>('POST', '/v2/users', { email: VIEWER.email, role: 'viewer', name: 'Vera Viewer' });
  const token = new URL(user.invitation.url).hash.replace(/^#token=/, '');
  const response = await fetch(`${world.baseUrl}/v2/auth/invitations/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: VIEWER.password }),
  });
  if (!response.ok) throw new Error(`accepting the viewer's invitation: ${response.status} ${await response.text()}`);
  return VIEWER;
}
