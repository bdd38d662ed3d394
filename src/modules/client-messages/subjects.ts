import type { Ctx } from '../../core/context.js';
import type { PortalCtx } from '../../core/portal.js';

/** What a thread needs to know of its subject: its client, a name for e-mails, and who manages it. */
export interface SubjectFacts {
  id: string;
  clientId: string;
  /** For the e-mails' subject line: the job's or request's name. */
  name: string;
  /** The agency user e-mailed when the client writes; null: nobody (the message waits on the page). */
  managerUserId: string | null;
}

/**
 * A kind of thing a client and the agency talk about (docs/client-portal.md#messages): a job, a
 * request. The module owning it answers, for each side, whether the caller may reach one:
 * `ofAccount` for the agency (any of the account's), `ofClient` for the portal (only the person's
 * client's; undefined otherwise, a 404 like one that does not exist).
 */
export interface ThreadSubject {
  kind: 'job' | 'request';
  /** The plural path segment on both sides: `jobs` gives `/v2/jobs/:id/client-messages` and `/v2/portal/client/jobs/:id/messages`. */
  path: string;
  /** The OpenAPI tag of the agency's routes (`Jobs`). */
  tag: string;
  /** Where the subject opens in the web console, relative to PUBLIC_URL: `/jobs/<id>` for the agency, `/portal/client/jobs/<id>` for the client. */
  agencyPage(id: string): string;
  portalPage(id: string): string;
  ofAccount(ctx: Ctx, id: string): Promise<SubjectFacts | undefined>;
  ofClient(ctx: PortalCtx, id: string): Promise<SubjectFacts | undefined>;
}
