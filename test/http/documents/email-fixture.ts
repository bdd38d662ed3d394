import { expect } from 'vitest';
import type { DeliveryRow } from '../../../src/modules/outbox/index.js';
import type { Api, TestContext } from '../../helper.js';

/**
 * Shared steps of the tests of e-mailing documents again (docs/documents.md#e-mailing-documents):
 * parties with contacts, drafts and sent documents, the e-mail deliveries of the outbox.
 */
export function mailSteps(t: () => TestContext) {
  const uniq = () => Math.random().toString(36).slice(2, 8);

  async function emailDeliveries(): Promise<DeliveryRow[]> {
    return t()
      .database.db.selectFrom('deliveries')
      .selectAll()
      .where('account_id', '=', t().account.accountId)
      .where('kind', '=', 'email')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  return {
    emailDeliveries,
    async party(api: Api, path: '/v2/clients' | '/v2/suppliers', name: string, email?: string): Promise<string> {
      const reply = await api.post(path, { name: `${name} ${uniq()}`, currency: 'EUR', ...(email ? { email } : {}) }, { json: true });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.id;
    },
    async contact(api: Api, owner: string, fullName: string, email: string, emails: Record<string, boolean>): Promise<void> {
      const reply = await api.post(`/v2/${owner}/contacts`, { fullName, email, emails }, { json: true });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    },
    async draft(api: Api, path: string, params: Record<string, unknown>): Promise<any> {
      const reply = await api.post(path, { lines: [{ description: 'Translation', quantity: 2, unitCost: 50 }], ...params }, { json: true });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body;
    },
    async sent(api: Api, path: string, params: Record<string, unknown>): Promise<any> {
      const reply = await api.post(path, { lines: [{ description: 'Translation', quantity: 2, unitCost: 50 }], ...params }, { json: true });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const sent = await api.post(`${path}/${reply.body.id}/send`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      return sent.body;
    },
  };
}
