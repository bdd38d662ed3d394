import type { ThreadSubject } from '../client-messages/index.js';
import { clientJobRepository } from './repository.js';

/**
 * A job as the subject of a client thread (docs/client-portal.md#messages): the agency reaches any
 * job of the account, the client's person only their client's jobs. Its manager, e-mailed when the
 * client writes, is its project manager, else the user who owns it.
 */
export const jobThreadSubject: ThreadSubject = {
  kind: 'job',
  path: 'jobs',
  tag: 'Jobs',
  agencyPage: (id) => `/jobs/${id}`,
  portalPage: (id) => `/portal/client/jobs/${id}`,
  async ofAccount(ctx, id) {
    const row = await clientJobRepository.ofAccount(ctx.db, ctx.accountId, id);
    return row && { id, clientId: row.client_id, name: row.name, managerUserId: row.manager_id };
  },
  async ofClient(ctx, id) {
    const { principal } = ctx;
    if (principal.party.kind !== 'client') return undefined;
    const [row] = await clientJobRepository.list(ctx.db, principal.accountId, principal.party.id, undefined, id);
    return row && { id, clientId: row.client_id, name: row.number === null ? row.name : `${row.number} ${row.name}`, managerUserId: row.manager_id };
  },
};
