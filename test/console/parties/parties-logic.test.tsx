import { describe, expect, it } from 'vitest';
import { isFiltered, parsePartiesSearch, partiesApiQuery, toggleSort, withFilter } from '../../../console/src/modules/parties/parties-search';
import { addressLines, partyTarget } from '../../../console/src/modules/parties/party-kind';
import { partyRules } from '../../../console/src/modules/parties/party-rules';
import { parsePartyPageSearch, tabsOf } from '../../../console/src/modules/parties/party-tabs';
import { countryChoices } from '../../../console/src/modules/parties/countries';

const LABEL = '0123456789abcdef01234567';
const PAIR = 'abcdef0123456789abcdef01';

describe('the clients’ and suppliers’ lists in the address', () => {
  it('keeps what it understands, in its types, and drops the rest', () => {
    expect(
      parsePartiesSearch({
        q: 'acme',
        status: 'archived',
        label: [LABEL, 'nope', LABEL],
        languagePair: PAIR,
        sort: 'createdAt',
        direction: 'desc',
        page: '2',
        pageSize: 100,
      }),
    ).toEqual({ q: 'acme', status: 'archived', label: [LABEL], languagePair: [PAIR], sort: 'createdAt', direction: 'desc', page: 2, pageSize: 100 });
    expect(parsePartiesSearch({ q: '  ', status: 'active', sort: 'dueDate', page: 1, pageSize: 50, direction: 'up' })).toEqual({});
  });

  it('asks the API for active ones by default, archived or all on demand; supplier filters only for suppliers', () => {
    expect(partiesApiQuery('client', {})).toMatchObject({ archived: false, sort: 'name', direction: 'asc', page: 1, pageSize: 50 });
    expect(partiesApiQuery('client', { status: 'archived' }).archived).toBe(true);
    expect(partiesApiQuery('client', { status: 'all' }).archived).toBeUndefined();
    expect(partiesApiQuery('client', { languagePair: [PAIR] })).not.toHaveProperty('languagePair');
    expect(partiesApiQuery('supplier', { languagePair: [PAIR] })).toMatchObject({ languagePair: [PAIR] });
  });

  it('sorts by a column, turns the direction round on a second click, and starts filters from page 1', () => {
    expect(toggleSort({ page: 3 }, 'name')).toEqual({ sort: 'name', direction: 'desc', page: undefined });
    expect(toggleSort({}, 'createdAt')).toEqual({ sort: 'createdAt', direction: 'desc', page: undefined });
    expect(withFilter({ page: 4, q: 'x' }, { status: 'all' })).toEqual({ q: 'x', status: 'all' });
    expect(isFiltered({ sort: 'name', page: 2 })).toBe(false);
    expect(isFiltered({ status: 'archived' })).toBe(true);
  });
});

describe('a party’s page', () => {
  it('opens at the tab of the address when the kind has it', () => {
    expect(parsePartyPageSearch('client')({ tab: 'jobs' })).toEqual({ tab: 'jobs' });
    expect(parsePartyPageSearch('supplier')({ tab: 'jobs' })).toEqual({ tab: 'jobs' });
    expect(parsePartyPageSearch('client')({ tab: 'profile' })).toEqual({});
    expect(parsePartyPageSearch('supplier')({ tab: 'unavailability' })).toEqual({ tab: 'unavailability' });
    expect(tabsOf('client')).not.toContain('unavailability');
    expect(partyTarget('supplier', 's1')).toEqual({ to: '/suppliers/$supplierId', params: { supplierId: 's1' } });
  });

  it('writes the address as lines, the country by its name', () => {
    expect(addressLines({ name: 'Acme', street: 'Rue de la Loi 42', city: 'Brussels', postalCode: '1040', state: '', country: 'BE' })).toEqual([
      'Acme',
      'Rue de la Loi 42',
      '1040 Brussels',
      'Belgium',
    ]);
    const countries = countryChoices();
    expect(countries.find((country) => country.value === 'DE')?.label).toBe('Germany');
    expect(countries.some((country) => ['EU', 'UN', 'ZZ'].includes(country.value))).toBe(false);
  });

  it('checks the fields as the API does', () => {
    expect(partyRules.name('  ')).toBe('Enter a name.');
    expect(partyRules.name('x'.repeat(256))).toBe('At most 255 characters.');
    expect(partyRules.email('')).toBeNull();
    expect(partyRules.email('pm@agency.example')).toBeNull();
    expect(partyRules.email('pm@agency')).not.toBeNull();
    expect(partyRules.rating(5)).toBeNull();
    expect(partyRules.rating('')).toBeNull();
    expect(partyRules.rating(5.5)).toBe('Enter a number from 0 to 5.');
    expect(partyRules.minimumFee(-1)).not.toBeNull();
    expect(partyRules.currency('EUR')).toBeNull();
    expect(partyRules.currency(null)).not.toBeNull();
    expect(partyRules.timezone('Europe/Brussels')).toBeNull();
    expect(partyRules.timezone('Mars/Olympus')).not.toBeNull();
  });
});
