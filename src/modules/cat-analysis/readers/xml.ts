/**
 * A minimal, strict XML reader for analysis reports: elements and attributes only. It never
 * expands or fetches entities: a DOCTYPE (where entities are declared) is rejected outright, and
 * only the five predefined entities and character references are decoded. No recursion, so deep
 * nesting cannot overflow the stack; each step advances, so it always ends.
 */
import { fail } from './types.js';

export interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  /** 1-based line of the start tag, for messages. */
  line: number;
}

/** Name characters (ASCII letters, digits, `_ : . -`, and anything from U+00B7 up). */
function isNameChar(code: number, first: boolean): boolean {
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58 || code >= 0xb7) return true;
  return !first && ((code >= 48 && code <= 57) || code === 45 || code === 46);
}
const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/** The end of the name starting at `start` (= start when there is none). */
function nameEnd(text: string, start: number): number {
  let k = start;
  while (k < text.length && isNameChar(text.charCodeAt(k), k === start)) k++;
  return k;
}
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function parseXml(text: string): XmlElement {
  // Lines are counted incrementally (offsets mostly grow), so the whole read stays linear.
  let knownOffset = 0;
  let knownLine = 1;
  let nextNewline = text.indexOf('\n');
  const lineAt = (offset: number) => {
    if (offset < knownOffset) {
      knownLine = 1;
      nextNewline = text.indexOf('\n');
    }
    while (nextNewline >= 0 && nextNewline < offset) {
      knownLine++;
      nextNewline = text.indexOf('\n', nextNewline + 1);
    }
    knownOffset = offset;
    return knownLine;
  };
  const bad: (offset: number, what: string) => never = (offset, what) => fail(`XML line ${lineAt(offset)}: ${what}`);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (stack.length === 0 && /[^\s]/.test(text.slice(i, textEnd))) bad(i, 'text outside the root element.');
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) bad(i, 'a processing instruction is not closed (the file looks truncated).');
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) bad(i, 'a comment is not closed (the file looks truncated).');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) bad(i, 'CDATA outside the root element.');
      const end = text.indexOf(']]>', i + 9);
      if (end < 0) bad(i, 'a CDATA section is not closed (the file looks truncated).');
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      bad(i, 'DOCTYPE and entity declarations are not accepted in an analysis report (they could expand or fetch content); export the report again from the CAT tool.');
    } else if (text.startsWith('</', i)) {
      const end = nameEnd(text, i + 2);
      if (end === i + 2) bad(i, 'a closing tag has no element name.');
      const name = text.slice(i + 2, end);
      let j = end;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (j >= n) bad(i, `the closing tag </${name}> is cut off (the file looks truncated).`);
      if (text[j] !== '>') bad(j, `unexpected character ${JSON.stringify(text[j])} in the closing tag </${name}>.`);
      const open = stack.pop();
      if (!open) bad(i, `closing tag </${name}> without an opening tag.`);
      if (open.name !== name) bad(i, `closing tag </${name}> does not match <${open.name}> (line ${open.line}).`);
      i = j + 1;
    } else {
      const end = nameEnd(text, i + 1);
      if (end === i + 1) bad(i, `"<" is not followed by an element name.`);
      const element: XmlElement = { name: text.slice(i + 1, end), attributes: new Map(), children: [], line: 0 };
      if (stack.length === 0 && root) bad(i, `a second root element <${element.name}> after </${root.name}>.`);
      element.line = lineAt(i);
      let j = end;
      for (;;) {
        let k = j;
        while (k < n && isSpace(text.charCodeAt(k))) k++;
        if (k === j) break;
        j = k;
        const attrEnd = nameEnd(text, k);
        if (attrEnd === k) break;
        const attrName = text.slice(k, attrEnd);
        k = attrEnd;
        while (k < n && isSpace(text.charCodeAt(k))) k++;
        if (k >= n) break;
        if (text[k] !== '=') bad(k, `attribute ${attrName} of <${element.name}> has no "=".`);
        k++;
        while (k < n && isSpace(text.charCodeAt(k))) k++;
        const quote = text[k];
        if (k >= n) break;
        if (quote !== '"' && quote !== "'") bad(k, `the value of attribute ${attrName} of <${element.name}> is not quoted.`);
        const close = text.indexOf(quote, k + 1);
        if (close < 0) bad(i, `the start tag <${element.name}> is cut off (the file looks truncated).`);
        const raw = text.slice(k + 1, close);
        if (raw.includes('<')) bad(k, `"<" in the value of attribute ${attrName} of <${element.name}> (a quote is missing?).`);
        if (element.attributes.has(attrName)) bad(i, `attribute ${attrName} appears twice in <${element.name}>.`);
        element.attributes.set(attrName, decodeReferences(raw, (what) => bad(i, `${what} in attribute ${attrName} of <${element.name}>.`)));
        j = close + 1;
      }
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (j >= n || text.indexOf('>', j) < 0) bad(i, `the start tag <${element.name}> is cut off (the file looks truncated).`);
      const selfClosing = text.startsWith('/>', j);
      if (!selfClosing && text[j] !== '>') bad(j, `unexpected character ${JSON.stringify(text[j])} in the start tag <${element.name}> (malformed attribute?).`);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) stack.push(element);
      i = j + (selfClosing ? 2 : 1);
    }
  }
  const open = stack[stack.length - 1];
  if (open) bad(n, `the file ends before element <${open.name}> (line ${open.line}) is closed (the file looks truncated).`);
  if (!root) fail('The file holds no XML element.');
  return root;
}

/** Decodes `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;` references; any other entity is an error. */
function decodeReferences(value: string, bad: (what: string) => never): string {
  if (!value.includes('&')) return value;
  return value.replace(/&([^;&\s]{0,32})(;?)/g, (whole, ref: string, semicolon: string) => {
    if (!semicolon) bad(`a bare "&" (${JSON.stringify(whole)})`);
    if (ref in PREDEFINED) return PREDEFINED[ref]!;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|(\d{1,7}))$/.exec(ref);
    if (numeric) {
      const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) bad(`the invalid character reference &${ref};`);
      return String.fromCodePoint(code);
    }
    return bad(`the undeclared entity &${ref}; (only &lt; &gt; &amp; &quot; &apos; are allowed)`);
  });
}

/** Children with this name. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
