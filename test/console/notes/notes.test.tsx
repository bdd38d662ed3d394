import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noteNodes } from '../../../console/src/modules/notes/notes-html';
import { newestFirst, type Note } from '../../../console/src/modules/notes/notes-queries';
import { linkAddress, noteContent } from '../../../console/src/modules/notes/notes-text';

const shown = (html: string) => render(<div data-testid="note">{noteNodes(html)}</div>).getByTestId('note').innerHTML;

describe('a stored note as elements', () => {
  it('keeps the rich text the server keeps', () => {
    const html =
      '<p><strong>Deadline</strong> moved, <em>really</em> <u>now</u> <s>later</s> <code>x</code><br>next</p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote>said</blockquote>';
    expect(shown(html)).toBe(html);
  });

  it('keeps absolute http(s) and mailto links, opened apart from the console', () => {
    expect(shown('<p><a href="https://example.com/a?b=1&amp;c=2">brief</a> <a href="mailto:pm@agency.example">PM</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">brief</a> <a href="mailto:pm@agency.example" target="_blank" rel="noopener noreferrer nofollow">PM</a></p>',
    );
  });

  it('never builds a style attribute, an event handler, a script, or another link', () => {
    const hostile =
      '<p style="color:red" onclick="alert(1)">text</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">js</a><a href="/admin">relative</a><div style="x">div</div><style>p{}</style>';
    const out = shown(hostile);
    expect(out).toBe('<p>text</p>jsrelativediv');
    expect(out).not.toMatch(/style=|onclick|onerror|<script|<img|href/);
  });

  it('shows text as text', () => {
    expect(shown('<p>a &lt;b&gt; &amp; c</p>')).toBe('<p>a &lt;b&gt; &amp; c</p>');
  });
});

describe('the editor’s text as a note', () => {
  it('drops empty paragraphs at the start and the end only', () => {
    expect(noteContent('<p></p><p>a</p><p></p><p>b</p><p></p><p><br></p>')).toBe('<p>a</p><p></p><p>b</p>');
    expect(noteContent('<ul><li><p>x</p></li></ul><p></p>')).toBe('<ul><li><p>x</p></li></ul>');
    expect(noteContent('<p>a</p>')).toBe('<p>a</p>');
  });

  it('reads link addresses as the server keeps them', () => {
    expect(linkAddress('https://example.com/brief')).toBe('https://example.com/brief');
    expect(linkAddress(' example.com/brief ')).toBe('https://example.com/brief');
    expect(linkAddress('http://localhost:8080/x')).toBe('http://localhost:8080/x');
    expect(linkAddress('ana@example.com')).toBe('mailto:ana@example.com');
    expect(linkAddress('mailto:ana@example.com')).toBe('mailto:ana@example.com');
    for (const bad of ['', 'javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', 'not a link', 'intranet', 'mailto:nobody'])
      expect(linkAddress(bad), bad).toBeUndefined();
  });
});

describe('newestFirst', () => {
  const note = (id: string, createdAt: string) => ({ id, createdAt, content: '<p>x</p>', user: { id: 'u', name: 'U' } }) as Note;
  it('puts the latest note first; notes of the same moment stay in reverse creation order', () => {
    const notes = [note('a', '2026-01-01T10:00:00.000Z'), note('b', '2026-01-02T10:00:00.000Z'), note('c', '2026-01-02T10:00:00.000Z')];
    expect(newestFirst(notes).map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(notes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});
