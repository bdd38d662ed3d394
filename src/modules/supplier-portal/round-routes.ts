import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Input, errorResponses } from '../../core/schemas.js';
import { AwardOfferRound, CreateOfferRound, OfferRound, OfferRoundParams, offerRounds } from '../outsourcing/index.js';
import { portalPeople } from '../portal-access/index.js';
import { queueOfferMails } from './offer-routes.js';
import { toPortalWork } from './work.js';

const tags = ['Jobs'];
const PATH = '/v2/jobs/:id/outsourcing/offers';
const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * Offer rounds (docs/supplier-portal.md#offer-rounds): a job's work offered to several suppliers
 * through the portal at once. Project work in the role matrix, as the job's outsourcing.
 */
export const offerRoundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = { 200: OfferRound, ...errorResponses };
  const mailing = () => app.config.smtp !== undefined;

  app.post(
    PATH,
    {
      schema: {
        tags,
        summary:
          "Offer a job's work to several suppliers at once: one outsourcing each, at its own price, sent to each supplier's portal and e-mailed (answers the round)",
        params: IdParams,
        body: CreateOfferRound,
        response: { 201: OfferRound, ...errorResponses },
      },
    },
    async (request, reply) => {
      const round = await app.inTransaction(request, async (ctx) => {
        const { round, job } = await offerRounds.create(ctx, request.params.id, request.body);
        for (const offer of round.offers) {
          const outsourcing = job.outsourcing.find((item) => item.id === offer.outsourcingId)!;
          const people = await portalPeople.activeOf(ctx, 'supplier', offer.supplier.id);
          await queueOfferMails(ctx, app.config, people, toPortalWork(outsourcing, { expiresAt: round.expiresAt }));
        }
        return round;
      });
      return reply.code(201).send(round);
    },
  );

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: "A job's offer rounds, oldest first",
        params: IdParams,
        querystring: Input({}),
        response: { 200: Type.Array(OfferRound), ...errorResponses },
      },
    },
    async (request) => offerRounds.list(app.readCtx(request), request.params.id),
  );

  app.get(
    `${PATH}/:roundId`,
    {
      schema: {
        tags,
        summary: 'One offer round of a job, with its offers and their answers',
        params: OfferRoundParams,
        querystring: Input({}),
        response: answer,
      },
    },
    async (request) => offerRounds.get(app.readCtx(request), request.params.id, request.params.roundId),
  );

  app.post(
    `${PATH}/:roundId/award`,
    {
      schema: {
        tags,
        summary: 'Award an offer round to a supplier who accepted: the other offers are withdrawn and cancelled, their suppliers told (answers the round)',
        params: OfferRoundParams,
        consumes: FORM_OR_JSON,
        body: AwardOfferRound,
        response: answer,
      },
    },
    async (request) =>
      app.inTransaction(request, (ctx) => offerRounds.award(ctx, request.params.id, request.params.roundId, request.body.outsourcingId, mailing())),
  );

  app.post(
    `${PATH}/:roundId/withdraw`,
    {
      schema: {
        tags,
        summary: 'Withdraw an offer round not awarded: every offer is withdrawn and cancelled, their suppliers told (answers the round)',
        params: OfferRoundParams,
        consumes: FORM_OR_JSON,
        body: Type.Optional(Input({})),
        response: answer,
      },
    },
    async (request) => app.inTransaction(request, (ctx) => offerRounds.withdraw(ctx, request.params.id, request.params.roundId, mailing())),
  );
};
