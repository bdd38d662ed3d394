import type { Ctx } from '../../core/context.js';
import { quoteKind } from './kinds.js';
import type { DocumentObject } from './schemas.js';
import { documentSchema } from './schemas.js';
import { documents } from './service.js';

/** The quote object (as `GET /v2/quotes/:id` answers it), for the answers of other modules. */
export const Quote = documentSchema(quoteKind);

/**
 * Draft quotes made by other modules (a request's conversion): exactly `POST /v2/quotes` with
 * these parameters (the client's defaults, a line per job, `quote.created`), in the caller's
 * transaction.
 */
export const quoteDrafts = {
  create: (ctx: Ctx, input: { client: string; jobs: string[]; purchaseOrder?: string }): Promise<DocumentObject> => documents.create(ctx, quoteKind, input),
};
