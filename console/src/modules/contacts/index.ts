import { lazy } from 'react';

/**
 * The door of contacts (docs/console.md#modules): what other modules use of it. The section is
 * a chunk of its own, loaded when a party's Contacts tab opens.
 */
export const ContactsSection = lazy(() => import('./contacts-section').then((module) => ({ default: module.ContactsSection })));
export { contactsQuery } from './contacts-queries';
export type { Contact } from './contact-kinds';
/** A supplier's "Portal access", shown under its contacts (a chunk of its own, as the contacts are). */
export const PortalAccessSection = lazy(() => import('./portal-access-section').then((module) => ({ default: module.PortalAccessSection })));
