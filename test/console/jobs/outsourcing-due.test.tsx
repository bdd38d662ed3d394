import { describe, expect, it } from 'vitest';
import { proposedDueDate } from '../../../console/src/modules/jobs/job/outsourcing-due';
import { defaultDueDate } from '../../../src/modules/outsourcing/due-date';

/** The due date the add form proposes for an outsourcing (docs/jobs.md#outsourcing), the same as the API's default. */
describe('proposedDueDate', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');

  it('is one working day before the job is due: a Monday gives the Friday before', () => {
    expect(proposedDueDate('2030-05-10T12:00:00.000Z', null, now)).toBe('2030-05-09T12:00:00.000Z');
    expect(proposedDueDate('2030-05-13T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
    expect(proposedDueDate('2030-05-12T09:00:00.000Z', null, now)).toBe('2030-05-10T09:00:00.000Z');
  });

  it("is the job's due date when a working day earlier is past or before the start; none without one", () => {
    expect(proposedDueDate('2030-05-13T09:00:00.000Z', null, new Date('2030-05-11T00:00:00.000Z'))).toBe('2030-05-13T09:00:00.000Z');
    expect(proposedDueDate('2030-05-10T12:00:00.000Z', '2030-05-10T00:00:00.000Z', now)).toBe('2030-05-10T12:00:00.000Z');
    expect(proposedDueDate(null, null, now)).toBeNull();
  });

  it('proposes what the API would take by default', () => {
    const cases: Array<[string, string | null, string]> = [
      ['2030-05-06T08:30:00.000Z', null, '2030-01-01T00:00:00.000Z'],
      ['2030-05-11T23:00:00.000Z', '2030-05-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'],
      ['2030-05-07T10:00:00.000Z', '2030-05-06T12:00:00.000Z', '2030-01-01T00:00:00.000Z'],
      ['2030-05-07T10:00:00.000Z', null, '2030-05-06T11:00:00.000Z'],
    ];
    for (const [due, start, at] of cases) expect(proposedDueDate(due, start, new Date(at))).toBe(defaultDueDate(due, start, at));
  });
});
