import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import { lazyModule } from '../../core/lazy-module.js';

const fontKit = lazyModule<typeof fontkit>('fontkit');

/**
 * The fonts of the document PDFs: Noto Sans families from the `@expo-google-fonts/*` packages
 * (SIL Open Font License: free to embed and redistribute), one per script group, in a regular and
 * a bold weight. pdfkit embeds only the glyphs a document uses (a subset), so a one-page document
 * stays small however large the font files are.
 *
 * No single font covers every script, so text is cut into runs, each set in the first face of a
 * fallback chain that has the glyphs (`faceRuns`).
 */
export type FaceName = 'latin' | 'arabic' | 'hebrew' | 'japanese' | 'chinese' | 'korean';
export type Weight = 'regular' | 'bold';

/** package and file stem of each face; `latin` is Noto Sans: Latin with every European diacritic, Greek, Cyrillic. */
const FACE_FILES: Record<FaceName, { pkg: string; stem: string }> = {
  latin: { pkg: '@expo-google-fonts/noto-sans', stem: 'NotoSans' },
  arabic: { pkg: '@expo-google-fonts/noto-sans-arabic', stem: 'NotoSansArabic' },
  hebrew: { pkg: '@expo-google-fonts/noto-sans-hebrew', stem: 'NotoSansHebrew' },
  japanese: { pkg: '@expo-google-fonts/noto-sans-jp', stem: 'NotoSansJP' },
  chinese: { pkg: '@expo-google-fonts/noto-sans-sc', stem: 'NotoSansSC' },
  korean: { pkg: '@expo-google-fonts/noto-sans-kr', stem: 'NotoSansKR' },
};
const WEIGHT_DIRS: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

const require = createRequire(import.meta.url);
const files = new Map<string, Buffer>();
const fonts = new Map<string, fontkit.Font>();

/** The font file of a face and weight, read once per process (the CJK files are 5–10 MB: read only when a document first needs one). */
export function fontFile(face: FaceName, weight: Weight): Buffer {
  const key = `${face}-${weight}`;
  let file = files.get(key);
  if (!file) {
    const { pkg, stem } = FACE_FILES[face];
    const dir = WEIGHT_DIRS[weight];
    file = readFileSync(require.resolve(`${pkg}/${dir}/${stem}_${dir}.ttf`));
    files.set(key, file);
  }
  return file;
}

/**
 * The parsed font of a face and weight, shared by every document, for measuring and for glyph
 * coverage only. pdfkit gets the file and parses it per document: fontkit remembers each glyph
 * with the characters of its first use, and pdfkit's subsetting reads a composite glyph's parts
 * (the C of a Č) without characters, so a shared font would lose the ToUnicode entry of a plain C
 * on every later document, and copy and paste with it.
 */
export function loadFont(face: FaceName, weight: Weight): fontkit.Font {
  const key = `${face}-${weight}`;
  let font = fonts.get(key);
  if (!font) {
    font = fontKit().create(fontFile(face, weight)) as fontkit.Font;
    fonts.set(key, font);
  }
  return font;
}

const hasGlyph = (face: FaceName, codePoint: number) => loadFont(face, 'regular').hasGlyphForCodePoint(codePoint);

export type CjkPreference = 'japanese' | 'chinese' | 'korean';

/**
 * Han characters are shared by Chinese, Japanese and Korean, but drawn differently in each: a
 * text with kana is Japanese, one with hangul Korean, any other Chinese (simplified, the widest
 * Han coverage of the three faces).
 */
export function cjkPreference(text: string): CjkPreference {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'japanese';
  if (/\p{Script=Hangul}/u.test(text)) return 'korean';
  return 'chinese';
}

const CJK_CHAINS: Record<CjkPreference, FaceName[]> = {
  japanese: ['japanese', 'chinese', 'korean'],
  chinese: ['chinese', 'japanese', 'korean'],
  korean: ['korean', 'chinese', 'japanese'],
};

const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The faces to try for one character, best first. */
function chain(char: string, cjk: CjkPreference): FaceName[] {
  if (/\p{Script=Arabic}/u.test(char)) return ['arabic', 'latin'];
  if (/\p{Script=Hebrew}/u.test(char)) return ['hebrew', 'latin'];
  if (/\p{Script=Hangul}/u.test(char)) return ['korean', 'japanese', 'chinese'];
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) return ['japanese', 'chinese', 'korean'];
  if (/[\p{Script=Han}\p{Script=Bopomofo}]/u.test(char)) return CJK_CHAINS[cjk];
  return ['latin', 'arabic', 'hebrew', ...CJK_CHAINS[cjk]];
}

export interface FaceRun {
  /** offset of the run in the text, in UTF-16 code units */
  start: number;
  text: string;
  face: FaceName;
}

/**
 * Cuts text into runs of one face each. A character takes the first face of its script's chain
 * that has a glyph for it; spaces, digits, punctuation and combining marks stay in the face of the
 * text before them when it has them (so "شركة 2" stays one Arabic run and "東京、大阪" one CJK run).
 * A character no face has falls to `latin` (drawn as its missing-glyph box).
 */
export function faceRuns(text: string, cjk: CjkPreference = cjkPreference(text)): FaceRun[] {
  const runs: FaceRun[] = [];
  let offset = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const current = runs.at(-1);
    let face: FaceName | undefined;
    if (current && NEUTRAL.test(char) && hasGlyph(current.face, codePoint)) face = current.face;
    face ??= chain(char, cjk).find((candidate) => hasGlyph(candidate, codePoint)) ?? 'latin';
    if (current && current.face === face) current.text += char;
    else runs.push({ start: offset, text: char, face });
    offset += char.length;
  }
  return runs;
}
