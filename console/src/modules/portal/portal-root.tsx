import { Outlet } from '@tanstack/react-router';
import { useKnownPortalSession } from './session';
import { useDocumentLanguage, usePortalText } from './use-portal-text';

/** Every portal page: the document speaks the portal's language, and the window is named after the agency once known. */
export function PortalRoot() {
  const text = usePortalText();
  const session = useKnownPortalSession();
  const title = session ? `${text.t('app.title')} · ${session.person.agency.name}` : text.t('app.title');
  useDocumentLanguage(text, title);
  return <Outlet />;
}
