/**
 * Test support for the CAT report readers: where the sample reports are, and small builders.
 * The fixtures sit in `shared/fixtures/cat` beside the repository (`../shared` from its root), or
 * where `TRANSDESK_FIXTURES` points (the `cat` folder itself or its parent). A missing folder fails loudly.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function fixturesDir(): string {
  const fromEnv = process.env.TRANSDESK_FIXTURES;
  const dir = fromEnv ? path.resolve(fromEnv, fromEnv.replace(/\/+$/, '').endsWith('cat') ? '.' : 'cat') : path.resolve(repoRoot, '../shared/fixtures/cat');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(`CAT fixtures not found at ${dir}: put shared/fixtures/cat beside the repository or set TRANSDESK_FIXTURES.`);
  }
  return dir;
}

/** The bytes of a fixture, e.g. `fixture('trados-xml/studio2011.xml')`. */
export function fixture(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(fixturesDir(), relative)));
}

/** Every fixture file as `folder/name`. */
export function allFixtures(): string[] {
  const dir = fixturesDir();
  return readdirSync(dir)
    .filter((entry) => statSync(path.join(dir, entry)).isDirectory())
    .flatMap((folder) => readdirSync(path.join(dir, folder)).map((name) => `${folder}/${name}`))
    .sort();
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function utf16le(text: string, bom = true): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
}

export function utf16be(text: string): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < body.length; i += 2) {
    const a = body[i]!;
    body[i] = body[i + 1]!;
    body[i + 1] = a;
  }
  return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), body]));
}

export const TRADOS_CSV_BANDS = ['Context TM', 'Repetitions', '100% Matches', '95% - 99%', '85% - 94%', '75% - 84%', '50% - 74%', 'No Match', 'Total'];

/**
 * A Trados-compatible CSV: `rows` give the file cell and [segments, words] per band except Total
 * (computed unless `total` is given).
 */
export function tradosCsv(
  rows: Array<{ file: string; bands: Array<[number, number]>; total?: [number, number] }>,
  options: { delimiter?: string; bands?: string[]; ratio?: string } = {},
): string {
  const d = options.delimiter ?? ';';
  const bands = options.bands ?? TRADOS_CSV_BANDS;
  const quote = (cell: string) => (cell.includes(d) || cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell);
  const header1 = ['', '', '', ...bands.flatMap((band) => [band, '', '', ''])];
  const header2 = ['File', 'Tagging Errors', 'Chars/Word', ...bands.flatMap((band) => (band === 'Total' ? ['Segments', ' Words', 'Placeables', 'Characters'] : ['Segments', ' Words', 'Placeables', 'Percent']))];
  const lines = [header1.join(d), header2.join(d)];
  for (const row of rows) {
    const total = row.total ?? row.bands.reduce<[number, number]>((acc, [s, w]) => [acc[0] + s, acc[1] + w], [0, 0]);
    const cells = [quote(row.file), '0', quote(options.ratio ?? '5.5')];
    bands.forEach((band, index) => {
      if (band === 'Total') cells.push(String(total[0]), String(total[1]), '0', String(total[1] * 6));
      else {
        const [s, w] = row.bands[index] ?? [0, 0];
        cells.push(String(s), String(w), '0', quote(options.ratio ?? '0.00'));
      }
    });
    lines.push(cells.join(d));
  }
  return lines.join('\r\n') + '\r\n';
}
