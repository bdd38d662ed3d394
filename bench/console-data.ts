/**
 * What the console's page scenarios need beside the jobs (bench/console.ts), written through the
 * API in-process like the seed jobs (bench/data.ts): invoices for the invoice list and the
 * dashboard, quotes and purchase orders for the dashboard, and a client with a large price grid
 * for the client page. Counts grow with the scale (one invoice per INVOICE_EVERY jobs).
 */
import type { InProcessClient } from '../src/modules/demo/demo-data.js';

/** One invoice per this many jobs: 2 000 invoices at 100 000 jobs. */
export const INVOICE_EVERY = 50;
/** One quote and one purchase order per this many jobs. */
const QUOTE_EVERY = 500;
/** The prices of the bench's client with the largest grid (the client page's price grid). */
export const CLIENT_PRICES = 240;

export interface ConsoleData {
  /** Clients to open on the client page: the first has CLIENT_PRICES prices. */
  clientIds: string[];
  invoices: number;
  clientPrices: number;
}

interface Named {
  id: string;
  name: string;
}

const DAY = 86_400_000;
const dayIso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function writeConsoleData(api: InProcessClient, scale: number, clientIds: string[]): Promise<ConsoleData> {
  const invoices = Math.max(40, Math.ceil(scale / INVOICE_EVERY));
  const documents = Math.max(10, Math.ceil(scale / QUOTE_EVERY));
  const now = Date.now();
  // Invoices over the last year: issued, most sent, some paid, a tenth left as drafts.
  for (let i = 0; i < invoices; i++) {
    const client = clientIds[i % clientIds.length]!;
    const issueDate = dayIso(now - (i % 365) * DAY);
    const invoice = await api.call<{ id: string }>('POST', '/v2/invoices', {
      client,
      issueDate,
      lines: [
        { description: `Translation batch ${i}`, quantity: 1 + (i % 40), unitCost: 95.5 },
        { description: 'Project management', quantity: 1, unitCost: 45 },
      ],
    });
    if (i % 10 === 9) continue;
    await api.call('POST', `/v2/invoices/${invoice.id}/send`);
    if (i % 3 === 0) await api.call('POST', `/v2/invoices/${invoice.id}/payments`, { amount: 45, date: issueDate, isFullyPaid: i % 6 === 0 });
  }
  const suppliers = (await api.call<{ items: Named[] }>('GET', '/v2/suppliers?pageSize=100')).items;
  for (let i = 0; i < documents; i++) {
    const issueDate = dayIso(now - (i % 60) * DAY);
    const quote = await api.call<{ id: string }>('POST', '/v2/quotes', {
      client: clientIds[i % clientIds.length]!,
      issueDate,
      lines: [{ description: `Quote ${i}`, quantity: 1000 + i, unitCost: 0.12 }],
    });
    await api.call('POST', `/v2/quotes/${quote.id}/send`);
    if (suppliers.length === 0) continue;
    const order = await api.call<{ id: string }>('POST', '/v2/purchase-orders', {
      supplier: suppliers[i % suppliers.length]!.id,
      issueDate,
      lines: [{ description: `Order ${i}`, quantity: 1000 + i, unitCost: 0.06 }],
    });
    await api.call('POST', `/v2/purchase-orders/${order.id}/send`);
  }
  const clientPrices = await writeClientPrices(api, clientIds[0]!);
  return { clientIds, invoices, clientPrices };
}

/** CLIENT_PRICES prices of one client: every service × unit × currency × language pair until there are enough. */
async function writeClientPrices(api: InProcessClient, clientId: string): Promise<number> {
  const services = await api.call<Named[]>('GET', '/v2/account/services');
  const units = await api.call<Named[]>('GET', '/v2/account/quantity-types');
  const pairs = await api.call<Named[]>('GET', '/v2/account/language-pairs');
  const existing = await api.call<unknown[] | { items: unknown[] }>('GET', `/v2/clients/${clientId}/prices`);
  let made = Array.isArray(existing) ? existing.length : existing.items.length;
  const taken = new Set<string>();
  for (const currency of ['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'SEK'])
    for (const pair of [null, ...pairs.map((p) => p.id)])
      for (const service of services)
        for (const unit of units) {
          if (made >= CLIENT_PRICES) return made;
          const key = `${currency}/${pair}/${service.id}/${unit.id}`;
          if (taken.has(key)) continue;
          taken.add(key);
          try {
            await api.call('POST', `/v2/clients/${clientId}/prices`, {
              currency,
              languagePair: pair,
              service: service.id,
              quantityType: unit.id,
              matchesType: 'fixed',
              unitCost: 0.08 + (made % 20) / 100,
            });
            made += 1;
          } catch (error) {
            // The demo data's own prices hold some combinations already (409): the next one.
            if (!String(error).includes('answered 409')) throw error;
          }
        }
  return made;
}
