import { describe, expect, it } from 'vitest';
import { withAgencyHeading } from '../../src/modules/portal-access/agency-heading.js';

const message = { to: 'ana@example.com', subject: 'Hello', text: 'Body text.\n', html: '<!doctype html><html lang="en"><body>\n<p>Body</p>\n</body></html>' };

describe('withAgencyHeading', () => {
  it("heads the text with the agency's name and the HTML with its escaped name, after <body>", () => {
    const headed = withAgencyHeading(message, { name: 'Lingua & Co <Ltd>', logo: null });
    expect(headed.text).toBe('Lingua & Co <Ltd>\n\nBody text.\n');
    expect(headed.html).toMatch(/^<!doctype html><html lang="en"><body>\n<div [^>]*><strong>Lingua &#38; Co &#60;Ltd&#62;<\/strong><\/div>\n<p>Body<\/p>/);
    expect(headed.html).not.toContain('<img');
    expect(headed.attachments).toBeUndefined();
    expect(headed.subject).toBe('Hello');
  });

  it('shows the logo as an inline part the HTML points at, after the attachments already there', () => {
    const logo = { filename: 'logo.png', content: Buffer.from([1, 2, 3]), contentType: 'image/png', cid: 'agency-logo@transdesk' };
    const pdf = { filename: 'po.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' };
    const headed = withAgencyHeading({ ...message, attachments: [pdf] }, { name: 'Lingua', logo });
    expect(headed.html).toContain('<img src="cid:agency-logo@transdesk" alt="Lingua"');
    expect(headed.attachments).toEqual([pdf, logo]);
  });

  it('puts the heading first in HTML without a <body>', () => {
    expect(withAgencyHeading({ ...message, html: '<p>Bare</p>' }, { name: 'Lingua', logo: null }).html).toMatch(
      /^<div [^>]*><strong>Lingua<\/strong><\/div>\n<p>Bare<\/p>$/,
    );
  });
});
