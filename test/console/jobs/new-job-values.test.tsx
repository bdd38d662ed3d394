import { describe, expect, it } from 'vitest';
import { createBody, EMPTY_NEW_JOB, previewQuery, validateNewJob, type NewJobValues } from '../../../console/src/modules/jobs/new-job/new-job-values';

const ID = (n: number) => String(n).padStart(24, '0');
const filled: NewJobValues = { ...EMPTY_NEW_JOB, name: '  Manual  ', client: ID(1), service: ID(2), quantityType: ID(3), quantity: 1200 };

describe('the new-job rules (those of POST /v2/jobs)', () => {
  it('asks for the required fields', () => {
    expect(validateNewJob.name('   ')).toBe('Required');
    expect(validateNewJob.client(null)).toBe('Required');
    expect(validateNewJob.service(null)).toBe('Required');
    expect(validateNewJob.quantityType(null)).toBe('Required');
    expect(validateNewJob.quantity('')).toBe('Required');
    expect(validateNewJob.name('Manual')).toBeNull();
  });
  it('keeps the API’s limits: 255 characters, amounts from 0 to 10¹², dates', () => {
    expect(validateNewJob.name('n'.repeat(256))).toBe('At most 255 characters');
    expect(validateNewJob.name('n'.repeat(255))).toBeNull();
    expect(validateNewJob.externalReference('r'.repeat(256))).toBe('At most 255 characters');
    expect(validateNewJob.quantity(-1)).toBe('At least 0');
    expect(validateNewJob.quantity(1e12)).toBeNull();
    expect(validateNewJob.quantity(1e12 + 1)).toBe('At most 1,000,000,000,000');
    expect(validateNewJob.fixedPrice('')).toBeNull();
    expect(validateNewJob.fixedPrice(-0.01)).toBe('At least 0');
    expect(validateNewJob.dueDate('')).toBeNull();
    expect(validateNewJob.dueDate('not a date')).toBe('Enter a date and a time');
  });
});

describe('the request bodies', () => {
  it('sends the set fields, trimmed, and leaves out the unset ones (the API’s defaults apply)', () => {
    expect(createBody(filled)).toEqual({ name: 'Manual', client: ID(1), service: ID(2), quantityType: ID(3), quantity: 1200 });
    const body = createBody({
      ...filled,
      languagePair: ID(4),
      domain: ID(5),
      projectManager: ID(6),
      currency: 'GBP',
      fixedPrice: 0,
      dueDate: '2031-03-14T17:30',
      externalReference: ' REF ',
      nonBillable: true,
    });
    expect(body).toMatchObject({
      languagePair: ID(4),
      domain: ID(5),
      projectManager: ID(6),
      currency: 'GBP',
      fixedPrice: 0,
      externalReference: 'REF',
      nonBillable: true,
    });
    expect(body.dueDate).toBe(new Date('2031-03-14T17:30').toISOString());
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty('timeBasedInvoice');
  });
  it('asks for a price preview only once client, service, unit and a valid quantity are there', () => {
    expect(previewQuery(EMPTY_NEW_JOB)).toBeUndefined();
    expect(previewQuery({ ...filled, quantity: '' })).toBeUndefined();
    expect(previewQuery({ ...filled, quantity: -3 })).toBeUndefined();
    expect(previewQuery({ ...filled, service: null })).toBeUndefined();
    expect(previewQuery(filled)).toEqual({ client: ID(1), service: ID(2), quantityType: ID(3), quantity: 1200 });
    expect(previewQuery({ ...filled, languagePair: ID(4), domain: ID(5), currency: 'USD', fixedPrice: 50, timeBasedInvoice: true })).toEqual({
      client: ID(1),
      service: ID(2),
      quantityType: ID(3),
      quantity: 1200,
      languagePair: ID(4),
      domain: ID(5),
      currency: 'USD',
      fixedPrice: 50,
      timeBasedInvoice: true,
    });
  });
});
