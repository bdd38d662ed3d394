import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeFor, sanitizeFileName } from '../../src/modules/files/names.js';
import { parseRange } from '../../src/modules/files/range.js';

describe('file names and download headers', () => {
  it('never lets a name carry a path, a control character or more than 255 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (raw) => {
        const name = sanitizeFileName(raw);
        // eslint-disable-next-line no-control-regex -- control characters are what a stored name must not hold
        expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f]/);
        expect(Array.from(name).length).toBeLessThanOrEqual(255);
        expect(name.length).toBeGreaterThan(0);
        expect(name).toBe(name.trim());
      }),
    );
  });

  it('builds a Content-Disposition with no quote, CR/LF or non-ASCII out of place', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (raw) => {
        const header = contentDisposition(sanitizeFileName(raw));
        expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]*$/);
      }),
    );
  });

  it('round-trips the name through filename*', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (raw) => {
        const name = sanitizeFileName(raw);
        const encoded = contentDisposition(name).split("filename*=UTF-8''")[1]!;
        expect(decodeURIComponent(encoded)).toBe(name);
      }),
    );
  });

  it('never serves active content types', () => {
    for (const name of ['a.html', 'a.htm', 'a.xhtml', 'a.svg', 'a.xml', 'a.js', 'a.mjs', 'a.xsl', 'a.sdlxliff', 'a.HTML']) {
      expect(contentTypeFor(name)).toBe('application/octet-stream');
    }
    expect(contentTypeFor('a.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('answers every Range header within bounds', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), (size, a, b) => {
        const header = `bytes=${a ?? ''}-${b ?? ''}`;
        const answer = parseRange(header, size);
        if (answer.kind === 'partial') {
          expect(answer.range.start).toBeGreaterThanOrEqual(0);
          expect(answer.range.end).toBeLessThan(size);
          expect(answer.range.start).toBeLessThanOrEqual(answer.range.end);
        }
      }),
    );
    expect(parseRange('bytes=0-1, 3-4', 10)).toEqual({ kind: 'full' });
    expect(parseRange(undefined, 10)).toEqual({ kind: 'full' });
  });
});
