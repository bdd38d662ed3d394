import type { PortalMe } from '../session';

/** Whether the signed-in person is a client's person with this permission (the server answers 403 otherwise). */
export const clientMay = (person: PortalMe, permission: 'request' | 'approve' | 'invoices'): boolean =>
  person.party.kind === 'client' && (person.permissions ?? []).includes(permission);
