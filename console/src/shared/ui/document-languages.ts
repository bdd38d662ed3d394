import { t } from '../i18n';

/** The languages of documents, as the API has them (src/core/document-languages.ts). */
export const DOCUMENT_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'pl'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export const documentLanguageName = (code: string) =>
  (DOCUMENT_LANGUAGES as readonly string[]).includes(code) ? t(`documentLanguage.${code as DocumentLanguage}`) : code;

/** Options of a select: the languages by name. */
export const documentLanguageOptions = () => DOCUMENT_LANGUAGES.map((code) => ({ value: code, label: documentLanguageName(code) }));
