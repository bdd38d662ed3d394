import { useEffect, useMemo } from 'react';
import { browserLanguage, isPortalLanguage, portalText, type PortalText } from './i18n';
import { useKnownPortalSession } from './session';

/**
 * The portal's language and texts: the signed-in person's language (their choice, else their
 * party's document language, as the server answers it); before sign-in the browser's first
 * language the portal speaks, else English.
 */
export function usePortalText(): PortalText {
  const session = useKnownPortalSession();
  const chosen = session?.person.language;
  const language = isPortalLanguage(chosen) ? chosen : browserLanguage();
  return useMemo(() => portalText(language), [language]);
}

/**
 * Says the page's language to the browser and to screen readers (`<html lang>`) and names the
 * window; gives the agency console's back when the portal's pages are left.
 */
export function useDocumentLanguage(text: PortalText, title: string): void {
  useEffect(() => {
    const root = document.documentElement;
    const before = { lang: root.lang, title: document.title };
    root.lang = text.language;
    document.title = title;
    return () => {
      root.lang = before.lang;
      document.title = before.title;
    };
  }, [text.language, title]);
}
