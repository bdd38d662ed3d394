import { describe, expect, it } from 'vitest';
import { groupsApiQuery, parseGroupsSearch, toggleSort, withFilter } from '../../../console/src/modules/groups/groups-search';

const CLIENT = '0123456789abcdef01234567';

describe('the groups list’s view in the address', () => {
  it('keeps what it understands, in its types', () => {
    expect(parseGroupsSearch({ q: 'spring', status: [3, 2, 2], client: CLIENT, sort: 'name', direction: 'asc', page: 3, pageSize: 50 })).toEqual({
      q: 'spring',
      status: [2, 3],
      client: CLIENT,
      sort: 'name',
      direction: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('reads a status list written by hand, and one status alone', () => {
    expect(parseGroupsSearch({ status: '2,6' }).status).toEqual([2, 6]);
    expect(parseGroupsSearch({ status: 4 }).status).toEqual([4]);
  });

  it('drops what is unreadable or the default, never failing', () => {
    expect(parseGroupsSearch({ q: '   ', status: [0, 7, 'x'], client: 'acme', sort: 'total', direction: 'up', page: 1, pageSize: 20, other: 'x' })).toEqual({});
    expect(parseGroupsSearch({ page: -2, pageSize: 33 })).toEqual({});
    expect(parseGroupsSearch({ page: '2' })).toEqual({ page: 2 });
  });

  it('asks the API with its defaults filled in (newest first, 20 a page)', () => {
    expect(groupsApiQuery({})).toEqual({ q: undefined, status: undefined, client: undefined, sort: 'createdAt', direction: 'desc', page: 1, pageSize: 20 });
    expect(groupsApiQuery({ client: CLIENT, status: [1], page: 2 })).toMatchObject({ client: [CLIENT], status: [1], page: 2 });
  });

  it('sorts a new column ascending, turns the same column round, and goes back to the first page', () => {
    expect(toggleSort({ page: 4 }, 'name')).toEqual({ sort: 'name', direction: 'asc', page: undefined });
    expect(toggleSort({ sort: 'name', direction: 'asc' }, 'name')).toMatchObject({ sort: 'name', direction: 'desc' });
    // The default (created, newest first) clicked: oldest first.
    expect(toggleSort({}, 'createdAt')).toMatchObject({ sort: 'createdAt', direction: 'asc' });
  });

  it('starts a changed filter from its first page and forgets an emptied one', () => {
    expect(withFilter({ q: 'a', page: 5, sort: 'name' }, { status: [2] })).toEqual({ q: 'a', status: [2], sort: 'name' });
    expect(withFilter({ q: 'a', client: CLIENT }, { q: '', client: undefined })).toEqual({});
  });
});
