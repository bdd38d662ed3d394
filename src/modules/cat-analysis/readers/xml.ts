/**
 * Strict, streaming XML through `saxes`: the decoded text goes in chunk by chunk and the reader is
 * told of each element as it opens and closes; no tree of the document is built. Entities are never
 * expanded or fetched: a DOCTYPE (where entities would be declared) is rejected, and only the five
 * predefined entities and character references are decoded (saxes knows no others). Nesting deeper
 * than the limit is rejected, so a hostile document cannot make the reader's state grow with it.
 */
import { SaxesParser } from 'saxes';
import { excerpt } from '../../../core/errors.js';
import { fail } from './types.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** 1-based line where the start tag ends, for messages. */
  line: number;
  /** 0 for the root element. */
  depth: number;
}

export interface XmlHandler {
  open(element: XmlElement): void;
  close(element: XmlElement): void;
}

const DOCTYPE_REFUSED =
  'DOCTYPE and entity declarations are not accepted in an analysis report (they could expand or fetch content); export the report again from the CAT tool.';

/** saxes messages that deserve words a person can act on; the others are passed on (cut short). */
function describe(message: string): string {
  if (message.startsWith('undefined entity'))
    return 'an undeclared entity (only &lt; &gt; &amp; &quot; &apos; and character references are allowed; entities are never expanded).';
  if (message.startsWith('unclosed tag: '))
    return `the file ends before element <${excerpt(message.slice(14).replace(/\.$/, ''))}> is closed (the file looks truncated).`;
  if (message === 'unexpected end.') return 'the file ends inside markup (the file looks truncated).';
  if (message.startsWith('unexpected close tag') || message.startsWith('unmatched closing tag')) return 'a closing tag does not match the element it closes.';
  if (message.startsWith('text data outside of root node')) return 'text outside the root element.';
  if (message.startsWith('documents may contain only one root')) return 'a second root element.';
  return excerpt(message);
}

/** Reads the document given as chunks of text; every problem is a `CatReportError`. */
export function readXml(chunks: Iterable<string>, handler: XmlHandler, maxDepth: number): void {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const open: XmlElement[] = [];
  parser.on('error', (error) => {
    const position = /^(\d+):(\d+): ([\s\S]*)$/.exec(error.message);
    if (!position) fail(`XML: ${describe(error.message)}`);
    fail(`XML line ${position[1]}, column ${position[2]}: ${describe(position[3]!)}`);
  });
  parser.on('doctype', () => fail(`XML line ${parser.line}: ${DOCTYPE_REFUSED}`));
  // saxes reports an element closed before it checks that the closing tag matches: the reader
  // hears of a close only at the next event, so a malformed document fails as malformed.
  let closed: XmlElement | undefined;
  const flush = () => {
    if (closed) handler.close(closed);
    closed = undefined;
  };
  parser.on('opentag', (tag) => {
    flush();
    if (open.length >= maxDepth) fail(`XML line ${parser.line}: elements are nested more than ${maxDepth} deep; this is not an analysis report.`);
    const element: XmlElement = { name: tag.name, attributes: tag.attributes, line: parser.line, depth: open.length };
    open.push(element);
    handler.open(element);
  });
  parser.on('closetag', () => {
    flush();
    closed = open.pop();
  });
  let empty = true;
  for (const chunk of chunks) {
    if (chunk.trim() !== '') empty = false;
    parser.write(chunk);
  }
  if (empty) fail('The file holds no XML element.');
  parser.close();
  flush();
}
