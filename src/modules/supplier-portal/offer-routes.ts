import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stateConflict } from '../../core/errors.js';
import { errorResponses } from '../../core/schemas.js';
import { Job } from '../jobs/index.js';
import { enqueue } from '../outbox/index.js';
import { portalService } from '../outsourcing/index.js';
import { languageOf, portalPeople, type PersonIdentity } from '../portal-access/index.js';
import { offerMail } from './offer-mail.js';
import { NoParameters, SendParams, type PortalWorkObject } from './schemas.js';
import { toPortalWork } from './work.js';

/** Where a piece of work opens on the portal. */
export const workUrl = (publicUrl: string, id: string): string => `${publicUrl}/portal/work/${id}`;

/**
 * Queues the e-mail of work sent (or offered) to each of the supplier's people, in their language
 * (the outbox, in the sending's transaction). Without SMTP_URL there is no e-mail to queue: the
 * work is on the portal all the same.
 */
export async function queueOfferMails(
  ctx: Ctx,
  config: Pick<Config, 'smtp' | 'publicUrl'>,
  people: readonly PersonIdentity[],
  work: Omit<PortalWorkObject, 'clientName'>,
): Promise<void> {
  if (config.smtp === undefined) return;
  for (const person of people) {
    if (person.email === null) continue;
    const payload = offerMail({ to: person.email, language: languageOf(person), agency: person.account_name, work, url: workUrl(config.publicUrl, work.id) });
    await enqueue(ctx, { kind: 'portal_mail', endpointId: null, eventId: null, eventType: 'job.outsourcing.offered', payload });
  }
}

/**
 * The agency's side of sending work to the portal (docs/supplier-portal.md#sending-work):
 * `POST /v2/jobs/:id/outsourcing/:outsourcingId/portal/send`.
 */
export const supplierOfferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v2/jobs/:id/outsourcing/:outsourcingId/portal/send',
    {
      schema: {
        tags: ['Jobs'],
        summary:
          "Send an outsourcing to its supplier's portal: it is put on the portal, dated sent, and e-mailed to the supplier's portal people in their language (answers the job)",
        params: SendParams,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: NoParameters,
        response: { 200: Job, ...errorResponses },
      },
    },
    async (request) =>
      app.inTransaction(request, async (ctx) => {
        const { job, supplierId } = await portalService.markSent(ctx, request.params.id, request.params.outsourcingId);
        const people = await portalPeople.activeOf(ctx, 'supplier', supplierId);
        // Nothing sent is nothing done: the change is taken back with the refusal.
        if (people.length === 0) {
          throw stateConflict(
            "Nobody of this supplier can open the portal: give one of the supplier's contacts portal access first (POST /v2/suppliers/:id/contacts/:contactId/portal-access)",
          );
        }
        const outsourcing = job.outsourcing.find((item) => item.id === request.params.outsourcingId)!;
        await queueOfferMails(ctx, app.config, people, toPortalWork(outsourcing));
        return job;
      }),
  );
};
