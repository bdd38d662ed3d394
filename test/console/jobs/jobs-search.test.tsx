import { describe, expect, it } from 'vitest';
import { isFiltered, nextOrder, orderOf, parseJobsSearch, toJobsQuery } from '../../../console/src/modules/jobs/jobs-search';

const ID_A = '0123456789abcdef01234567';
const ID_B = 'fedcba9876543210fedcba98';

describe('parseJobsSearch (the jobs route’s validateSearch)', () => {
  it('keeps every valid filter, the order and the page', () => {
    expect(
      parseJobsSearch({
        q: '  annual report ',
        status: [5, 1],
        client: [ID_A],
        supplier: [ID_B],
        manager: [ID_B],
        label: [ID_A, ID_B],
        dueFrom: '2026-03-01',
        dueTo: '2026-03-31',
        sort: 'name',
        direction: 'desc',
        page: 3,
        pageSize: 20,
      }),
    ).toEqual({
      q: 'annual report',
      status: [1, 5],
      client: [ID_A],
      supplier: [ID_B],
      manager: [ID_B],
      label: [ID_A, ID_B],
      dueFrom: '2026-03-01',
      dueTo: '2026-03-31',
      sort: 'name',
      direction: 'desc',
      page: 3,
      pageSize: 20,
    });
  });

  it('drops what is not valid instead of failing (a hand-edited or old link)', () => {
    expect(
      parseJobsSearch({
        q: '   ',
        status: 'OPEN',
        client: ['not-an-id', 42],
        supplier: 'someone',
        manager: {},
        label: null,
        dueFrom: '2026-02-30',
        dueTo: 'tomorrow',
        sort: 'client',
        direction: 'up',
        page: 0,
        pageSize: 30,
        unknown: 'x',
      }),
    ).toEqual({});
    expect(parseJobsSearch({ status: [1, 9, 2, 2], page: 2.5, client: [ID_A, 'x', ID_A] })).toEqual({ status: [1, 2], client: [ID_A] });
  });

  it('answers every key, so that laid over the raw search (as the router does) it replaces what was not valid', () => {
    const raw = { status: 'OPEN', page: 'last', returnTo: '/elsewhere' };
    const seen = { ...raw, ...parseJobsSearch(raw) };
    expect(seen.status).toBeUndefined();
    expect(seen.page).toBeUndefined();
    // Keys of other routes stay.
    expect(seen.returnTo).toBe('/elsewhere');
  });

  it('reads hand-written lists: one value, or comma-separated values', () => {
    expect(parseJobsSearch({ status: 3 })).toEqual({ status: [3] });
    expect(parseJobsSearch({ status: '2,6', label: `${ID_A},${ID_B}`, page: '2' })).toEqual({ status: [2, 6], label: [ID_A, ID_B], page: 2 });
  });

  it('leaves out the defaults, so that a view has one address', () => {
    expect(parseJobsSearch({ sort: 'createdAt', direction: 'desc', page: 1, pageSize: 50 })).toEqual({});
    // A column's first direction is implied.
    expect(parseJobsSearch({ sort: 'dueDate', direction: 'asc' })).toEqual({ sort: 'dueDate' });
    expect(parseJobsSearch({ direction: 'asc' })).toEqual({ direction: 'asc' });
  });
});

describe('toJobsQuery (the GET /v2/jobs query of a view)', () => {
  it('asks for the first page of 50, newest first, by default', () => {
    expect(toJobsQuery({})).toEqual({ page: 1, pageSize: 50, sort: 'createdAt', direction: 'desc' });
  });

  it('maps the manager to user[] and the inclusive due days to the API’s strict bounds', () => {
    expect(toJobsQuery({ manager: [ID_A], dueFrom: '2026-03-01', dueTo: '2026-03-31', sort: 'dueDate', page: 2, pageSize: 20 })).toEqual({
      page: 2,
      pageSize: 20,
      sort: 'dueDate',
      direction: 'asc',
      user: [ID_A],
      dueAfter: '2026-02-28T23:59:59.999Z',
      dueBefore: '2026-04-01',
    });
    // Across a year and a leap day.
    expect(toJobsQuery({ dueFrom: '2025-01-01', dueTo: '2024-02-28' })).toMatchObject({ dueAfter: '2024-12-31T23:59:59.999Z', dueBefore: '2024-02-29' });
  });

  it('passes the search text, statuses, clients, suppliers and labels as they are', () => {
    expect(toJobsQuery({ q: 'po-7', status: [1, 2], client: [ID_A], supplier: [ID_B], label: [ID_B] })).toMatchObject({
      q: 'po-7',
      status: [1, 2],
      client: [ID_A],
      supplier: [ID_B],
      label: [ID_B],
    });
  });
});

describe('sorting by a column header', () => {
  it('starts in the column’s first direction, then reverses; the default order has no keys', () => {
    expect(orderOf({})).toEqual({ sort: 'createdAt', direction: 'desc' });
    expect(nextOrder({}, 'name')).toEqual({ sort: 'name', direction: undefined });
    expect(orderOf({ sort: 'name' })).toEqual({ sort: 'name', direction: 'asc' });
    expect(nextOrder({ sort: 'name' }, 'name')).toEqual({ sort: 'name', direction: 'desc' });
    expect(nextOrder({ sort: 'name', direction: 'desc' }, 'name')).toEqual({ sort: 'name', direction: undefined });
    expect(nextOrder({ sort: 'name', direction: 'desc' }, 'dueDate')).toEqual({ sort: 'dueDate', direction: undefined });
    expect(nextOrder({ sort: 'name' }, 'createdAt')).toEqual({ sort: undefined, direction: undefined });
    expect(nextOrder({}, 'createdAt')).toEqual({ sort: undefined, direction: 'asc' });
  });
});

it('isFiltered: the search text or any filter, not the order or the page', () => {
  expect(isFiltered({})).toBe(false);
  expect(isFiltered({ sort: 'name', page: 3, pageSize: 20 })).toBe(false);
  expect(isFiltered({ q: 'x' })).toBe(true);
  expect(isFiltered({ dueTo: '2026-01-01' })).toBe(true);
  expect(isFiltered({ label: [ID_A] })).toBe(true);
});
