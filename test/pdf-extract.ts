import { execFileSync } from 'node:child_process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reading generated PDFs back, as a reader's software does. Two extractors:
 * - pdf.js (`pdfjs-dist`, always there): each text item with its position and width, enough to read
 *   every script whose glyphs map back to characters one by one (all but Arabic, whose joined forms
 *   share glyphs) and to check that columns do not overlap;
 * - poppler's `pdftotext` (Debian's poppler-utils, which `.ci/run` installs): it also reads the
 *   ActualText that the PDFs carry for right-to-left runs, so Arabic reads back as written. Tests
 *   that need it are skipped, saying so, where it is missing.
 */
export interface TextItem {
  page: number;
  text: string;
  x: number;
  /** baseline, from the bottom of the page */
  y: number;
  width: number;
}

/** Bidi controls that extractors add around right-to-left text, and spaces of any kind, made plain. */
export function plain(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function pdfItems(pdf: Buffer): Promise<TextItem[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const items: TextItem[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      items.push({ page, text: plain(item.str), x: item.transform[4] as number, y: item.transform[5] as number, width: item.width });
    }
  }
  await document.destroy();
  return items;
}

/** The text of each line (items of one page and baseline, left to right, a space where they do not touch). */
export async function pdfLines(pdf: Buffer): Promise<string[]> {
  const rows = new Map<string, TextItem[]>();
  for (const item of await pdfItems(pdf)) {
    const key = `${item.page}:${Math.round(item.y)}`;
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.values()].map((row) => {
    row.sort((a, b) => a.x - b.x);
    return row.reduce(
      (line, item, index) => (index === 0 ? item.text : line + (item.x - (row[index - 1]!.x + row[index - 1]!.width) > 1 ? ' ' : '') + item.text),
      '',
    );
  });
}

export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** poppler's reading of the PDF, one entry per line it finds, each made plain. */
export function pdftotextLines(pdf: Buffer): string[] {
  const out = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 16 * 1024 * 1024 }).toString('utf8');
  return out
    .split('\n')
    .map(plain)
    .filter((line) => line !== '');
}
