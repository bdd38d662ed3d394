import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCss, rootAttributes, sanitizeSvg } from '../../src/modules/accounts/svg-sanitizer.js';
import { svgSize } from '../../src/modules/accounts/logo-image.js';
import { normaliseBic, normaliseIban } from '../../src/modules/accounts/identity.js';

describe('svgSize', () => {
  it('takes width and height, converting absolute units to CSS pixels', () => {
    expect(svgSize({ width: '200', height: '50' })).toEqual({ width: 200, height: 50 });
    expect(svgSize({ width: '200px', height: '50.5px' })).toEqual({ width: 200, height: 50.5 });
    expect(svgSize({ width: '1in', height: '72pt' })).toEqual({ width: 96, height: 96 });
    expect(svgSize({ width: '25.4mm', height: '2.54cm' })).toEqual({ width: 96, height: 96 });
  });

  it('completes one side with the viewBox proportions, or takes the viewBox size', () => {
    expect(svgSize({ width: '300', viewBox: '0 0 600 200' })).toEqual({ width: 300, height: 100 });
    expect(svgSize({ height: '100', viewBox: '0,0,600,200' })).toEqual({ width: 300, height: 100 });
    expect(svgSize({ viewBox: '10 10 120.5 40' })).toEqual({ width: 120.5, height: 40 });
    // A percentage says nothing of the size: the viewBox decides.
    expect(svgSize({ width: '100%', height: '100%', viewBox: '0 0 80 20' })).toEqual({ width: 80, height: 20 });
  });

  it('answers undefined without a usable size', () => {
    expect(svgSize({})).toBeUndefined();
    expect(svgSize({ width: '100' })).toBeUndefined();
    expect(svgSize({ width: '0', height: '10' })).toBeUndefined();
    expect(svgSize({ viewBox: '0 0 0 10' })).toBeUndefined();
    expect(svgSize({ viewBox: '0 0 ten 10' })).toBeUndefined();
    expect(svgSize({ width: '10em', height: '10em' })).toBeUndefined();
  });
});

describe('sanitizeSvg', () => {
  it('keeps the drawing and adds the SVG namespace', () => {
    const svg = sanitizeSvg('<svg width="10" height="5"><g fill="#f00"><path d="M0 0h10v5z"/></g></svg>');
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><g fill="#f00"><path d="M0 0h10v5z"></path></g></svg>');
    expect(rootAttributes(svg!)).toEqual({ xmlns: 'http://www.w3.org/2000/svg', width: '10', height: '5' });
  });

  it('never lets a script, an event handler or an outside reference through, whatever is put in the drawing', () => {
    const dangerous = fc.constantFrom(
      '<script>alert(1)</script>',
      '<SCRIPT>alert(1)</SCRIPT>',
      '<g onload="alert(1)"/>',
      '<image href="https://evil.example/a.png"/>',
      '<use xlink:href="https://evil.example/a.svg#x"/>',
      '<a href="javascript:alert(1)"><rect/></a>',
      '<style>@import url(https://evil.example/a.css);</style>',
      '<style>.a{background:url(https://evil.example/x)}</style>',
      '<style><![CDATA[</style><script>alert(1)</script>]]></style>',
      '<style>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</style>',
      '<foreignObject><iframe src="https://evil.example"/></foreignObject>',
      '<rect style="fill:url(https://evil.example/x)"/>',
      '<animate attributeName="href" to="javascript:alert(1)"/>',
    );
    const harmless = fc.constantFrom('<rect width="1" height="1"/>', '<text>Agency &amp; Co</text>', 'plain text', '<g><circle r="2"/></g>');
    fc.assert(
      fc.property(fc.array(fc.oneof(dangerous, harmless, fc.string({ maxLength: 20 })), { maxLength: 8 }), (parts) => {
        const svg = sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${parts.join('')}</svg>`);
        if (svg === undefined) return;
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/<script|<foreignObject|<animate|<a[\s>]|<iframe/i);
        expect(svg).not.toMatch(/\son\w+=/i);
        // Text outside <style> is only text (escaped, never drawn outside <text>): what matters are the
        // attribute values and the style sheets.
        for (const [, value] of svg.matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/evil\.example|javascript:/i);
        for (const [, sheet] of svg.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(sheet).not.toMatch(/evil\.example|@import|</i);
      }),
      { numRuns: 300 },
    );
  });
});

describe('cleanCss', () => {
  it('drops @import rules, keeps local url(), refuses outside url() and escapes', () => {
    expect(cleanCss('@import "x.css"; .a{fill:red}')).toBe(' .a{fill:red}');
    expect(cleanCss('.a{fill:url(#g)} /* url(http://x) */')).toBe('.a{fill:url(#g)} ');
    expect(cleanCss('.a{fill:url( "#g" )}')).toBe('.a{fill:url( "#g" )}');
    expect(cleanCss('.a{background:url(http://x)}')).toBeUndefined();
    expect(cleanCss('.a{background:u\\72l(http://x)}')).toBeUndefined();
    expect(cleanCss('.a{background:url(data:image/png;base64,AAAA)}')).toBeUndefined();
  });
});

describe('IBAN and BIC', () => {
  const VALID = [
    'BE68539007547034',
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'GB29NWBK60161331926819',
    'NL91ABNA0417164300',
    'PL61109010140000071219812874',
  ];

  it('normalises any spacing and case of a valid IBAN to its electronic form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALID),
        fc.array(fc.boolean(), { minLength: 34, maxLength: 34 }),
        fc.array(fc.boolean(), { minLength: 34, maxLength: 34 }),
        (iban, spaces, lower) => {
          const typed = [...iban].map((char, i) => `${lower[i] ? char.toLowerCase() : char}${spaces[i] ? ' ' : ''}`).join('');
          expect(normaliseIban(` ${typed} `)).toBe(iban);
        },
      ),
    );
  });

  it('refuses any single changed digit (mod 97 catches every one)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, delta) => {
        const digits = [...iban].map((char, i) => (/\d/.test(char) && i >= 2 ? i : -1)).filter((i) => i >= 0);
        const i = digits[at % digits.length]!;
        const changed = `${iban.slice(0, i)}${(Number(iban[i]) + delta) % 10}${iban.slice(i + 1)}`;
        expect(() => normaliseIban(changed)).toThrow(/iban/);
      }),
    );
  });

  it('takes a BIC of 8 or 11 characters in any case', () => {
    expect(normaliseBic(' gebabebb ')).toBe('GEBABEBB');
    expect(normaliseBic('DEUTDEFF500')).toBe('DEUTDEFF500');
    expect(normaliseBic('')).toBe('');
    for (const bad of ['GEBABEB', 'GEBABEBB5', '1234BEBB', 'GEBA12BB']) expect(() => normaliseBic(bad)).toThrow(/bic/);
  });
});
