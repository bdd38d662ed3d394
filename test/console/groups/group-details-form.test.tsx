import { describe, expect, it } from 'vitest';
import { changesOf, detailsOf } from '../../../console/src/modules/groups/group-details-form';
import { checkBudget, checkName, checkText } from '../../../console/src/modules/groups/group-form-rules';
import type { Group } from '../../../console/src/modules/groups/queries';

const group = {
  id: 'g1',
  name: 'Spring campaign',
  budget: { amount: 500, currency: { code: 'EUR', symbol: '€' } },
  dueDate: '2031-03-20T00:00:00.000Z',
  dueDateAuto: true,
  externalReference: null,
  purchaseOrder: 'PO-9',
  domain: null,
  groupOnInvoice: false,
  pinned: false,
  archived: false,
} as unknown as Group;

describe('the group’s own fields', () => {
  it('are read from the group as the form shows them', () => {
    expect(detailsOf(group)).toEqual({
      name: 'Spring campaign',
      budget: 500,
      dueDateAuto: true,
      dueDate: '2031-03-20',
      externalReference: '',
      purchaseOrder: 'PO-9',
      domain: null,
      groupOnInvoice: false,
      pinned: false,
      archived: false,
    });
  });

  it('send only what changed, cleared values as null', () => {
    const initial = detailsOf(group);
    expect(changesOf(initial, initial)).toEqual({});
    expect(changesOf(initial, { ...initial, name: '  Spring 2031 ', budget: '', purchaseOrder: ' ', pinned: true })).toEqual({
      name: 'Spring 2031',
      budget: null,
      purchaseOrder: null,
      pinned: true,
    });
  });

  it('send the group’s own due date only while it is not taken from the jobs', () => {
    const initial = detailsOf(group);
    // From the jobs: a date typed is not the group's to send.
    expect(changesOf(initial, { ...initial, dueDate: '2031-04-01' })).toEqual({});
    // Turned off: the date shown becomes the group's own.
    expect(changesOf(initial, { ...initial, dueDateAuto: false })).toEqual({ dueDateAuto: false, dueDate: '2031-03-20' });
    const own = { ...initial, dueDateAuto: false };
    expect(changesOf(own, { ...own, dueDate: '' })).toEqual({ dueDate: null });
  });

  it('are checked as the API checks them', () => {
    expect(checkName(' ')).toBe('A group needs a name.');
    expect(checkName('x'.repeat(256))).toBe('At most 255 characters.');
    expect(checkName(' Spring ')).toBeNull();
    expect(checkText('x'.repeat(255))).toBeNull();
    expect(checkBudget('')).toBeNull();
    expect(checkBudget(-1)).toBe('The budget cannot be negative.');
    expect(checkBudget(2e12)).toBe('The budget is too large.');
    expect(checkBudget(0)).toBeNull();
  });
});
