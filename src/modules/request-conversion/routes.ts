import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../core/schemas.js';
import { ReportParser, reportCap } from '../cat-analysis/index.js';
import { Conversion, ConvertRequest } from './schemas.js';
import { requestConversion } from './service.js';

const DESCRIPTION =
  'One job per target language of the request (the client, the service, the due date, the reference and PO number; priced with the client’s prices as POST /v2/jobs prices a job), the files attached to a new group (default with several target languages) or to each job, the CAT reports among the files imported into the jobs of their languages, and with `quote` true a draft quote of the jobs; the request becomes `converted`. One transaction: any refusal writes nothing. 409 unless the request is new or quoted. docs/client-portal.md#converting-a-request';

/** `POST /v2/requests/:id/convert` (docs/client-portal.md#converting-a-request): the project writers of the role matrix. */
export const requestConversionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Its own worker pool for the CAT reports (threads start only when a report is read).
  const parser = new ReportParser();
  app.addHook('onClose', async () => parser.close());
  app.post(
    '/v2/requests/:id/convert',
    {
      schema: {
        tags: ['Requests'],
        summary: 'Convert a request into jobs (a group, the files, the CAT analysis, optionally a draft quote)',
        description: DESCRIPTION,
        params: IdParams,
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ConvertRequest,
        response: { 200: Conversion, ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body ?? {};
      const prepared = await requestConversion.prepare(
        app.readCtx(request),
        { storage: app.storage, parser, reportCap: reportCap(app.config.maxUploadBytes) },
        request.params.id,
        input,
      );
      try {
        return await app.inTransaction(request, (ctx) => requestConversion.convert(ctx, prepared));
      } catch (error) {
        // The copies became files of nothing: the transaction wrote no row of them.
        await app.storage.remove(prepared.copies.flat().map((copy) => copy.blobId)).catch(() => {});
        throw error;
      }
    },
  );
};
