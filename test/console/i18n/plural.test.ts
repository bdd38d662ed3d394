import { describe, expect, it } from 'vitest';
import { en } from '../../../console/src/shared/i18n/en/index';
import { tCount } from '../../../console/src/shared/i18n';

/** Texts that count something go through Intl.PluralRules (docs/console.md#text): never "1 files" nor "file(s)". */
describe('tCount', () => {
  it('chooses the form of the count', () => {
    expect(tCount('files.sharedWith', 1)).toBe('Shared with 1 outsourcing');
    expect(tCount('files.sharedWith', 2)).toBe('Shared with 2 outsourcings');
    expect(tCount('files.sharedWith', 0)).toBe('Shared with 0 outsourcings');
    expect(tCount('jobs.bulk.changed', 1)).toBe('1 job changed.');
    expect(tCount('imports.errors', 1)).toBe('The file has 1 error; nothing was written. Correct it and check again.');
  });

  it('writes the count for the language and fills the other placeholders', () => {
    expect(tCount('imports.run', 1200)).toBe('Import 1,200 rows');
    expect(tCount('catAnalysis.report.summary', 1, { name: 'a.xml', tool: 'Trados Studio', format: 'Trados XML' })).toBe(
      'a.xml: Trados Studio report (Trados XML), 1 file',
    );
    expect(tCount('group.delivered', 1, { delivered: 0 })).toBe('0 of 1 job delivered');
  });

  it('falls back to #other for a form the catalogue has no key for', () => {
    expect(tCount('documents.picker.more', 1, { shown: 100 })).toBe('The newest 100 of 1 jobs found: type to narrow the search.');
  });

  it('the catalogue has #other beside every plural form, and no "(s)" anywhere', () => {
    const keys = Object.keys(en);
    for (const key of keys.filter((key) => key.includes('#'))) {
      const [base, form] = key.split('#');
      expect(['zero', 'one', 'two', 'few', 'many', 'other']).toContain(form);
      expect(keys).toContain(`${base}#other`);
    }
    const written = Object.entries(en).filter(([, text]) => /\w\(s\)|\b1 (files|jobs|lines|rows|results|days)\b/.test(text));
    expect(written).toEqual([]);
  });
});
