import bidiModule, { type Bidi } from 'bidi-js';
import LineBreaker from 'linebreak';
import { cjkPreference, faceRuns, fontFile, loadFont, type FaceName, type Weight } from './pdf-fonts.js';

/**
 * Text in any script on a pdfkit page. pdfkit sets one font per call and lays out left to right;
 * fontkit (under pdfkit) shapes a run (Arabic joining, ligatures, marks) and reverses the glyphs
 * of a right-to-left script. What neither does is done here:
 * - fonts: each run is set in a face that has its glyphs (`faceRuns`);
 * - line breaks: at the Unicode line-break opportunities (`linebreak`: spaces, and between CJK
 *   characters), measured run by run, a word longer than the line cut between characters;
 * - bidirectional order: the Unicode bidi algorithm (`bidi-js`) gives each character its level;
 *   each line's runs are put in visual order and mirrored characters (brackets) swapped in
 *   right-to-left runs, so that "Faktura (فاتورة) 2025" and "חשבונית 12" read right.
 * A text whose first strong character is right-to-left is aligned to the right under `start`.
 */
// bidi-js is CommonJS whose module is the factory itself, while its types describe an ES default export.
const bidiFactory = bidiModule as unknown as () => Bidi;
const bidi = bidiFactory();

export interface TextStyle {
  size: number;
  bold?: boolean;
}
export type Align = 'start' | 'left' | 'right';

interface VisualRun {
  text: string;
  face: FaceName;
  width: number;
  /**
   * A right-to-left run's characters in the order drawn, written as the run's ActualText: Arabic's
   * joined forms share glyphs and cannot be read back one by one; poppler puts this text back in
   * reading order.
   */
  actual?: string;
}
export interface TextLine {
  runs: VisualRun[];
  width: number;
  /** the width the line breaker measured for the line's ink (the line measured whole) */
  wrapWidth: number;
  rtl: boolean;
}

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** fontkit reverses a run when the first character of a script other than Common or Inherited is right-to-left. */
function fontkitReverses(text: string): boolean {
  for (const char of text) if (!NEUTRAL.test(char)) return RTL_SCRIPT.test(char);
  return false;
}

/**
 * Advance widths in thousandths of the font size, remembered across documents: measuring shapes
 * the text (fontkit's OpenType layout), which is most of the work of a PDF, and the same words,
 * CJK characters and amounts come back on every document. Bounded: emptied when full.
 */
const advances = new Map<string, number>();
const MAX_ADVANCES = 20_000;

function advance(text: string, face: FaceName, weight: Weight): number {
  const key = `${face}|${weight}|${text}`;
  let width = advances.get(key);
  if (width === undefined) {
    const font = loadFont(face, weight);
    width = (font.layout(text, []).advanceWidth * 1000) / font.unitsPerEm;
    if (advances.size >= MAX_ADVANCES) advances.clear();
    advances.set(key, width);
  }
  return width;
}

/** The line height for a font size: room for CJK and for Arabic marks above and below. */
export const lineHeight = (style: TextStyle) => style.size * 1.5;
const ascent = (style: TextStyle) => style.size * 1.12;

export class PdfText {
  private readonly registered = new Set<string>();
  private readonly laidOut = new Map<string, TextLine[]>();

  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  private use(face: FaceName, style: TextStyle): void {
    const weight: Weight = style.bold ? 'bold' : 'regular';
    const name = `${face}-${weight}`;
    if (!this.registered.has(name)) {
      this.pdf.registerFont(name, fontFile(face, weight));
      this.registered.add(name);
    }
    this.pdf.font(name).fontSize(style.size);
  }

  /** The advance width of a run in one face, as pdfkit will draw it (the run shaped as a whole). */
  private runWidth(text: string, face: FaceName, style: TextStyle): number {
    return (advance(text, face, style.bold ? 'bold' : 'regular') * style.size) / 1000;
  }

  /**
   * The lines of a text wrapped to `width` (each `\n` starts a paragraph). The whole text takes
   * the direction of its first strong character (as `dir="auto"` on a block): a Hebrew address
   * with "Israel" under it is one right-to-left block.
   */
  lines(text: string, style: TextStyle, width: number): TextLine[] {
    const key = `${style.bold ? 1 : 0}|${style.size}|${width}|${text}`;
    let lines = this.laidOut.get(key);
    if (!lines) {
      const cjk = cjkPreference(text);
      const direction = baseDirection(text);
      lines = text.split(/\r\n|\r|\n/).flatMap((paragraph) => this.paragraphLines(paragraph, style, width, cjk, direction));
      this.laidOut.set(key, lines);
    }
    return lines;
  }

  /**
   * The width of the widest line of a text set without wrapping, so that a box this wide holds it
   * on one line (the line breaker measures each candidate line whole, as it is drawn; the larger of
   * its figure and the drawn width is taken so that the two can never disagree by a rounding).
   */
  naturalWidth(text: string, style: TextStyle): number {
    return Math.max(0, ...this.lines(text, style, Number.POSITIVE_INFINITY).map((line) => Math.max(line.width, line.wrapWidth)));
  }

  height(text: string, style: TextStyle, width: number): number {
    return this.lines(text, style, width).length * lineHeight(style);
  }

  /**
   * Draws a text wrapped in a box whose top left is (x, y); answers the y under it. With `bottom`,
   * a line that would cross it goes to a new page, at `top`.
   */
  draw(text: string, style: TextStyle, box: { x: number; y: number; width: number; align?: Align; bottom?: number; top?: number }): number {
    let top = box.y;
    for (const line of this.lines(text, style, box.width)) {
      if (box.bottom !== undefined && top + lineHeight(style) > box.bottom) {
        this.pdf.addPage();
        top = box.top ?? this.pdf.page.margins.top;
      }
      const align = box.align === 'start' || box.align === undefined ? (line.rtl ? 'right' : 'left') : box.align;
      let x = align === 'right' ? box.x + box.width - line.width : box.x;
      for (const run of line.runs) {
        this.use(run.face, style);
        if (run.actual !== undefined) this.pdf.markContent('Span', { actual: run.actual });
        this.pdf.text(run.text, x, top + ascent(style), { lineBreak: false, baseline: 'alphabetic', features: [] });
        if (run.actual !== undefined) this.pdf.endMarkedContent();
        x += run.width;
      }
      top += lineHeight(style);
    }
    return top;
  }

  private paragraphLines(paragraph: string, style: TextStyle, maxWidth: number, cjk: ReturnType<typeof cjkPreference>, direction: 'ltr' | 'rtl'): TextLine[] {
    const levels = bidi.getEmbeddingLevels(paragraph, direction);
    const rtl = direction === 'rtl';
    if (paragraph === '') return [{ runs: [], width: 0, wrapWidth: 0, rtl }];
    const faceAt: FaceName[] = [];
    for (const run of faceRuns(paragraph, cjk)) for (let i = 0; i < run.text.length; i++) faceAt.push(run.face);
    // A line is measured whole, as it will be drawn (its visual runs, shaped each at once): the sum
    // of its pieces measured apart can be narrower by a kerning pair or a space shaped with its
    // neighbours, and a line that fitted piece by piece then overflowed its box.
    const lineWidth = (start: number, end: number) =>
      this.visualRuns(paragraph, faceAt, levels.levels, start, end).reduce((sum, run) => sum + this.runWidth(run.text, run.face, style), 0);
    const trimmed = (start: number, end: number) => start + paragraph.slice(start, end).trimEnd().length;

    const ranges: Array<[number, number, number]> = [];
    let lineStart = 0;
    let lineEnd = 0;
    let ink = 0;
    for (const [start, end] of breakPieces(paragraph)) {
      const trimmedEnd = trimmed(start, end);
      if (lineEnd > lineStart && lineWidth(lineStart, trimmedEnd) > maxWidth) {
        ranges.push([lineStart, lineEnd, ink]);
        lineStart = lineEnd;
      }
      if (lineWidth(lineStart, trimmedEnd) > maxWidth) {
        // A word wider than the line: cut it between characters (a mark stays with its base).
        for (const [clusterStart, clusterEnd] of clusters(paragraph, start, end)) {
          const blank = paragraph.slice(clusterStart, clusterEnd).trim() === '';
          if (lineEnd > lineStart && !blank && lineWidth(lineStart, clusterEnd) > maxWidth) {
            ranges.push([lineStart, lineEnd, ink]);
            lineStart = lineEnd;
          }
          lineEnd = clusterEnd;
          ink = lineWidth(lineStart, trimmed(lineStart, lineEnd));
        }
        continue;
      }
      ink = lineWidth(lineStart, trimmedEnd);
      lineEnd = end;
    }
    ranges.push([lineStart, lineEnd, ink]);

    return ranges.map(([start, end, wrapWidth]) => {
      const trimmedEnd = start + paragraph.slice(start, end).trimEnd().length;
      const runs = this.visualRuns(paragraph, faceAt, levels.levels, start, trimmedEnd).map((run) => ({
        ...run,
        width: this.runWidth(run.text, run.face, style),
      }));
      return { runs, width: runs.reduce((sum, run) => sum + run.width, 0), wrapWidth, rtl };
    });
  }

  /** The runs of one face and one bidi level of a line, in visual order, ready for fontkit. */
  private visualRuns(
    text: string,
    faceAt: FaceName[],
    levels: Uint8Array,
    start: number,
    end: number,
  ): Array<{ text: string; face: FaceName; actual?: string }> {
    const runs: Array<{ text: string; face: FaceName; level: number }> = [];
    for (let i = start; i < end; i++) {
      if (BIDI_CONTROL.test(text[i]!)) continue;
      const level = levels[i]!;
      const last = runs.at(-1);
      if (last && last.face === faceAt[i] && last.level === level) last.text += text[i];
      else runs.push({ text: text[i]!, face: faceAt[i]!, level });
    }
    // Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
    const highest = Math.max(0, ...runs.map((run) => run.level));
    const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
    for (let level = highest; level >= lowestOdd; level--) {
      for (let i = 0; i < runs.length;) {
        if (runs[i]!.level < level) {
          i++;
          continue;
        }
        let j = i;
        while (j < runs.length && runs[j]!.level >= level) j++;
        runs.splice(i, j - i, ...runs.slice(i, j).reverse());
        i = j;
      }
    }
    return runs.map(({ text: runText, face, level }) => {
      const rightToLeft = level % 2 === 1;
      if (!rightToLeft) return { text: runText, face };
      const mirrored = [...runText].map((char) => bidi.getMirroredCharacter(char) ?? char);
      const visual = [...mirrored].reverse().join('');
      // fontkit reverses a run of a right-to-left script by itself; any other run is reversed here.
      return { text: fontkitReverses(runText) ? mirrored.join('') : visual, face, actual: visual };
    });
  }
}

/** The direction of the first strong character (rule P2 of the bidi algorithm), left to right when there is none. */
export function baseDirection(text: string): 'ltr' | 'rtl' {
  let isolated = 0;
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    // Text inside an isolate (FSI … PDI) does not decide the direction of what surrounds it.
    if (type === 'LRI' || type === 'RLI' || type === 'FSI') isolated++;
    else if (type === 'PDI') isolated = Math.max(0, isolated - 1);
    else if (isolated === 0 && type === 'L') return 'ltr';
    else if (isolated === 0 && (type === 'R' || type === 'AL')) return 'rtl';
  }
  return 'ltr';
}

/** Text wrapped in a first-strong isolate: it keeps its own direction without turning that of the text around it. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Bidi formatting characters: they steer the order, and are never drawn (no font has a glyph for them). */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** [start, end) of each piece of text between two line-break opportunities (a piece keeps its trailing spaces). */
function breakPieces(text: string): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  const breaker = new LineBreaker(text);
  let last = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (next.position > last) pieces.push([last, next.position]);
    last = next.position;
  }
  return pieces;
}

/** [start, end) of each character with its combining marks, in [from, to). */
function clusters(text: string, from: number, to: number): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (let i = from; i < to;) {
    let end = i + (text.codePointAt(i)! > 0xffff ? 2 : 1);
    while (end < to && /\p{M}/u.test(String.fromCodePoint(text.codePointAt(end)!))) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
    result.push([i, end]);
    i = end;
  }
  return result;
}
