import { describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../src/core/outsourcing-due-date.js';

/**
 * The due date of an outsourcing given none (docs/jobs.md#outsourcing): the API's default, and the
 * date the console's add form proposes (it calls the same function).
 */
describe('defaultDueDate', () => {
  const now = '2030-01-01T00:00:00.000Z';

  it('is one working day before the job is due: a Monday gives the Friday before', () => {
    expect(defaultDueDate('2030-05-10T12:00:00.000Z', null, now)).toBe('2030-05-09T12:00:00.000Z');
    expect(defaultDueDate('2030-05-13T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
    expect(defaultDueDate('2030-05-12T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
  });

  it("is the job's due date when a working day earlier is past or before the start; none without one", () => {
    expect(defaultDueDate('2030-05-13T09:00:00.000Z', null, '2030-05-11T00:00:00.000Z')).toBe('2030-05-13T09:00:00.000Z');
    expect(defaultDueDate('2030-05-10T12:00:00.000Z', '2030-05-10T00:00:00.000Z', now)).toBe('2030-05-10T12:00:00.000Z');
    expect(defaultDueDate('2030-05-07T10:00:00.000Z', null, '2030-05-06T11:00:00.000Z')).toBe('2030-05-07T10:00:00.000Z');
    expect(defaultDueDate(null, null, now)).toBeNull();
  });
});
