import { expect } from 'vitest';
import type { Api } from '../../helper.js';

export interface EventItem {
  id: string;
  type: string;
  data: Record<string, any>;
  actor: { type: string; user: { id: string; name: string } | null; apiKeyId: string | null };
  createdAt: string;
}

/** Every event the query finds, oldest first unless the query says otherwise. */
export async function allEvents(api: Api, query: Record<string, string | string[]> = {}): Promise<EventItem[]> {
  const items: EventItem[] = [];
  for (let page = 1; ; page++) {
    const reply = await api.get('/v2/events', { pageSize: 100, page, direction: 'asc', ...query });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    items.push(...reply.body.items);
    if (!reply.body.hasNextPage) return items;
  }
}

/** A job with a service, a client and a unit of its own; answers its id. */
export async function makeJob(api: Api): Promise<string> {
  const service = (await api.post('/v2/account/services', { name: `Service ${Math.random()}` })).body.id;
  const unit = (await api.get('/v2/account/quantity-types')).body[0].id;
  const client = (await api.post('/v2/clients', { name: `Client ${Math.random()}` })).body.id;
  const job = await api.post('/v2/jobs', { name: 'A job', client, quantity: 100, quantityType: unit, service });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  return job.body.id;
}
