import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Binary, errorResponses } from '../../core/schemas.js';
import { margins } from './margins.js';
import { payables } from './payables.js';
import { receivables } from './receivables.js';
import type { ReportDefinition } from './report.js';
import { FilterQuery, reportAnswer } from './schemas.js';
import { readQuery, renderFile, runReport } from './service.js';
import { workload } from './workload.js';
import { XLSX_CONTENT_TYPE } from './table.js';

/** The reports, each served by the one route below (docs/reports.md). */
export const REPORTS: readonly ReportDefinition[] = [margins, receivables, payables, workload];

/**
 * `GET /v2/reports/<name>` for each report: read-only (every role reads, docs/access.md), answered
 * as JSON, or with `format=csv|xlsx` as a download (Content-Disposition: attachment).
 */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const definition of REPORTS) {
    const answer = reportAnswer(definition.name, definition.row, definition.totals, definition.summary);
    app.get(
      `/v2/reports/${definition.name}`,
      {
        schema: {
          tags: ['Reports'],
          summary: definition.summary,
          querystring: Type.Object({ ...FilterQuery, ...definition.query }, { additionalProperties: false }),
          response: {
            200: {
              description: 'the report: JSON, or the CSV or XLSX file with format=csv|xlsx',
              content: {
                'application/json': { schema: answer },
                'text/csv': { schema: Binary('the rows as CSV (UTF-8 with a byte-order mark, header first)', 'text/csv') },
                [XLSX_CONTENT_TYPE]: { schema: Binary('the rows as an XLSX workbook', XLSX_CONTENT_TYPE) },
              },
            },
            ...errorResponses,
          },
          ...(definition.financialOnly ? { 'x-financial-only': true as const } : {}),
        },
      },
      async (request, reply) => {
        const { filters, params, format } = readQuery(definition, request.query);
        const result = await runReport(app.readCtx(request), definition, filters, params);
        if (format === 'json') {
          const { columns: _columns, title: _title, ...json } = result;
          return reply.type('application/json; charset=utf-8').send(json);
        }
        const file = await renderFile(result, format);
        return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
      },
    );
  }
};
