import type { ThreadSubject } from '../client-messages/index.js';
import { requestNumber } from './objects.js';
import { requestRepository } from './repository.js';

/**
 * A request as the subject of a client thread (docs/client-portal.md#messages): the agency reaches
 * any request of the account, the client's person only their client's. When the client writes, the
 * manager who answered the request is e-mailed; before anyone has, nobody (the account's request
 * address was told of the request itself, and the message waits on the request's page).
 */
export const requestThreadSubject: ThreadSubject = {
  kind: 'request',
  path: 'requests',
  tag: 'Requests',
  agencyPage: (id) => `/requests/${id}`,
  portalPage: (id) => `/portal/client/requests/${id}`,
  async ofAccount(ctx, id) {
    const row = await requestRepository.find(ctx.db, ctx.accountId, id);
    return row && { id, clientId: row.client_id, name: requestNumber(Number(row.seq)), managerUserId: row.answered_by_user_id };
  },
  async ofClient(ctx, id) {
    const { principal } = ctx;
    if (principal.party.kind !== 'client') return undefined;
    const row = await requestRepository.find(ctx.db, principal.accountId, id);
    if (row === undefined || row.client_id !== principal.party.id) return undefined;
    return { id, clientId: row.client_id, name: requestNumber(Number(row.seq)), managerUserId: row.answered_by_user_id };
  },
};
