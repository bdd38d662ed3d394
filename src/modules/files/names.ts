/**
 * File names and the headers built from them (docs/files.md#uploads, docs/files.md#downloads): the stored name, the served
 * content type, and an RFC 6266 `Content-Disposition` that no name can break.
 */

export const MAX_NAME_LENGTH = 255;
const FALLBACK_NAME = 'file';

/** C0 and C1 control characters, DEL, and the bidirectional overrides (names that lie about their extension). */
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The extension of a name, lowercased, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The stored name: the client's file name without any path part (`/` or `\`), control characters
 * or surrounding spaces, at most 255 characters (the extension kept when shortened); `file` when
 * nothing remains.
 */
export function sanitizeFileName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(UNSAFE_CHARACTERS, '').trim();
  if (name === '' || name === '.' || name === '..') return FALLBACK_NAME;
  const characters = Array.from(name);
  if (characters.length > MAX_NAME_LENGTH) {
    const extension = extensionOf(name);
    const kept = extension.length > 0 && extension.length < 20 ? Array.from(`.${name.slice(name.lastIndexOf('.') + 1)}`) : [];
    name =
      characters
        .slice(0, MAX_NAME_LENGTH - kept.length)
        .join('')
        .trimEnd() + kept.join('');
  }
  return name;
}

const OCTET_STREAM = 'application/octet-stream';

/**
 * Content types by extension. Only types that a browser does not run as active content: HTML,
 * XHTML, SVG, XML (and XML-based formats such as XLIFF), JavaScript and the like are deliberately
 * absent and served as application/octet-stream. Downloads are attachments anyway.
 */
const TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  doc: 'application/msword',
  dot: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  idml: 'application/vnd.adobe.indesign-idml-package',
  indd: 'application/x-indesign',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The content type served for a stored name (application/octet-stream when unknown or unsafe). */
export function contentTypeFor(name: string): string {
  return TYPES[extensionOf(name)] ?? OCTET_STREAM;
}

/** RFC 5987 attr-char: everything else is percent-encoded from UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266). The
 * fallback keeps printable ASCII except `"`, `\` and `%`; the encoded form has no quote, no
 * CR/LF and no non-ASCII byte: no header injection is possible from a name.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
