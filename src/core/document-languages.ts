import { Type } from '@sinclair/typebox';

/**
 * The languages documents (quotes, invoices, credit notes, purchase orders) can be written in
 * (docs/documents.md): the account's default, and each client's and supplier's choice. One list,
 * imported by the API schemas, the services and the document renderers; each label catalogue of
 * the documents has exactly these languages.
 */
export const DOCUMENT_LANGUAGES = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  pl: 'Polish',
} as const;

export type DocumentLanguage = keyof typeof DOCUMENT_LANGUAGES;

/** The codes, in the order of the list. */
export const DOCUMENT_LANGUAGE_CODES = Object.keys(DOCUMENT_LANGUAGES) as DocumentLanguage[];

/** The language of a new account's documents. */
export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = 'en';

export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(DOCUMENT_LANGUAGES, value);
}

/** The schema of a document language parameter or field: one of the codes. */
export const DocumentLanguageSchema = (description = 'language of documents (ISO 639-1): ' + DOCUMENT_LANGUAGE_CODES.join(', ')) =>
  Type.Union(
    DOCUMENT_LANGUAGE_CODES.map((code) => Type.Literal(code)),
    { description },
  );
