import { describe, expect, it } from 'vitest';
import { quoteInvoicing } from '../../../console/src/modules/documents/quote-invoicing';

/** What an accepted quote's "Invoicing" section says from its jobs' statuses (docs/documents.md#accepting-a-quote). */
describe('quoteInvoicing', () => {
  it('offers the invoice when every open job is finished, or some are', () => {
    expect(quoteInvoicing([3, 3])).toEqual({ state: 'ready', finished: 2, total: 2 });
    expect(quoteInvoicing([3, 2, 6])).toEqual({ state: 'partly', finished: 1, total: 3 });
  });

  it('waits while none is finished; cancelled and invoiced jobs are not counted', () => {
    expect(quoteInvoicing([1, 2, 5])).toEqual({ state: 'waiting', finished: 0, total: 2 });
    expect(quoteInvoicing([4, 3, 5])).toEqual({ state: 'ready', finished: 1, total: 1 });
    expect(quoteInvoicing([4, 4, 5])).toEqual({ state: 'invoiced', finished: 0, total: 0 });
  });
});
