import { describe, expect, it } from 'vitest';
import { creditRecipients, creditRequest, leftToCredit, wholeAllowed, type CreditValues } from '../../../console/src/modules/documents/credit-logic';

/** The credit dialog's checks, as the API makes them (docs/documents.md#credit-notes). */
const invoice = {
  currency: { code: 'EUR', symbol: '€' },
  total: { subtotal: 1200, discount: 0, tax1: 252, tax2: 0, total: 1452 },
  creditedAmount: 302.5,
  lines: [
    { id: 'a', description: 'Website', quantity: 10, quantityType: null, unitCost: 100, total: 1000 },
    { id: 'g', group: { id: 'g1', name: 'Group' }, description: 'Group', quantity: 1, quantityType: null, unitCost: 200, total: 200 },
  ],
};
const values = (change: Partial<CreditValues>): CreditValues => ({ mode: 'lines', reason: 'Why', lines: {}, amount: '', ...change });

describe('credit logic', () => {
  it('what is left, in minor units; the whole invoice only while nothing is credited', () => {
    expect(leftToCredit(invoice)).toBe(1149.5);
    expect(leftToCredit({ ...invoice, creditedAmount: 0.1, total: { ...invoice.total, total: 0.3 } })).toBe(0.2);
    expect(wholeAllowed(invoice)).toBe(false);
    expect(wholeAllowed({ creditedAmount: 0 })).toBe(true);
  });

  it('a body for lines and quantities (a group line whole), an amount, or the whole invoice', () => {
    expect(creditRequest(invoice, values({ lines: { a: { checked: true, quantity: '2.5' }, g: { checked: true, quantity: '7' } } })).body).toEqual({
      reason: 'Why',
      lines: [{ line: 'a', quantity: 2.5 }, { line: 'g' }],
    });
    expect(creditRequest(invoice, values({ mode: 'amount', amount: '100.5' })).body).toEqual({ reason: 'Why', amount: 100.5 });
    expect(creditRequest(invoice, values({ mode: 'whole', reason: '' })).body).toEqual({});
  });

  it('the refusals, on their fields', () => {
    expect(creditRequest(invoice, values({ reason: ' ' })).errors).toEqual({ reason: 'Say why the invoice is credited', lines: 'Choose at least one line' });
    expect(creditRequest(invoice, values({ lines: { a: { checked: true, quantity: '11' } } })).errors).toEqual({ 'line:a': 'At most 10' });
    expect(creditRequest(invoice, values({ lines: { a: { checked: true, quantity: '1.0000001' } } })).errors).toEqual({ 'line:a': 'At most 6 decimals' });
    expect(creditRequest(invoice, values({ lines: { a: { checked: true, quantity: '-1' } } })).errors).toEqual({ 'line:a': 'A quantity above 0' });
    expect(creditRequest(invoice, values({ mode: 'amount', amount: '1.005' })).errors).toEqual({ amount: 'At most 2 decimals' });
    expect(creditRequest(invoice, values({ mode: 'amount', amount: '1149.51' })).errors.amount).toMatch(/what is left/);
  });

  it('recipients as the send picks them: invoice contacts, then copies not addressed already, each address once', () => {
    const contact = (fullName: string, email: string, emails: Record<string, boolean>) => ({
      id: fullName,
      fullName,
      email,
      emails,
      mobile: '',
      nickname: null,
      notes: '',
      phone: '',
      title: '',
    });
    expect(
      creditRecipients([
        contact('Iris', 'iris@x.example', { invoice: true, ccInvoice: true }),
        contact('Iris again', 'IRIS@x.example', { invoice: true }),
        contact('Omar', 'omar@x.example', { ccInvoice: true }),
        contact('Quote only', 'q@x.example', { quote: true }),
        contact('No e-mail', '', { invoice: true }),
      ]),
    ).toEqual({ to: [{ name: 'Iris', address: 'iris@x.example' }], cc: [{ name: 'Omar', address: 'omar@x.example' }] });
  });
});
