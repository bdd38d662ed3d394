import type { Ctx } from '../../core/context.js';
import { ApiError, invalid, notFound } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import type { StoredContent } from '../files/index.js';
import { catConfigurations, type CatConfigurationObject } from '../cat-configurations/index.js';
import { jobPricing, jobs, jobStore, type JobObject } from '../jobs/index.js';
import { outsourcingService } from '../outsourcing/index.js';
import { categoryQuantities, chooseLanguage, type CategoryQuantity } from './quantities.js';
import { CatReportError, CatReportTooLarge, type CatToolId, type ParsedReport } from './readers/index.js';
import { catAnalysisRepository as repo } from './repository.js';
import { reportFiles } from './report-files.js';

/**
 * CAT analysis: parsing a report, and importing one into a job or an outsourcing. The report is
 * parsed (in a worker thread) before the import's transaction, with the tool of the configuration
 * read just before; the import runs in the request's transaction and changes nothing when it is
 * rejected.
 */
export interface ImportTarget {
  jobId: string;
  /** Set for `POST /v2/jobs/:id/outsourcing/:outsourcingId/cat-analysis`. */
  outsourcingId?: string;
}

export interface ImportInput {
  /** The report, parsed for the tool of `configurationId`. */
  report: ParsedReport;
  configurationId: string;
  /** The job file holding the report (`fileId`), or uploaded content to make a job file of. */
  fileId?: string;
  upload?: StoredContent;
  targetLanguage?: string;
}

/**
 * Parses report bytes with `parser` (the worker pool); a reader error is 400 `parameter_invalid`
 * naming the parameter, a report past a bound 413 `payload_too_large`.
 */
export async function parse<T = ParsedReport>(
  parser: (bytes: Uint8Array, catTool: CatToolId | undefined) => Promise<T>,
  bytes: Uint8Array,
  catTool: CatToolId | undefined,
  param: 'file' | 'fileId' = 'file',
): Promise<T> {
  try {
    return await parser(bytes, catTool);
  } catch (error) {
    if (error instanceof CatReportTooLarge) throw new ApiError('payload_too_large', `${param}: ${error.message}`);
    if (error instanceof CatReportError) throw invalid(param, error.message);
    throw error;
  }
}

/** Errors of the reused job and outsourcing services name their own parameters: here the configuration is at fault. */
async function asConfigurationError<T>(configuration: CatConfigurationObject, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const param = error instanceof ApiError ? error.details?.[0]?.param : undefined;
    if (error instanceof ApiError && error.code === 'parameter_invalid' && param !== undefined && (param === 'quantityType' || param.startsWith('matches['))) {
      const what = param === 'quantityType' ? 'its destination quantity type' : 'a match category of its mappings';
      throw invalid('catConfiguration', `CAT configuration "${configuration.name}" cannot be applied: ${what}: ${error.details![0]!.message}`);
    }
    throw error;
  }
}

async function defaultConfiguration(ctx: Ctx, job: JobObject, supplierId: string | undefined): Promise<string> {
  const fromSupplier = supplierId === undefined ? null : await repo.defaultConfiguration(ctx.db, ctx.accountId, 'suppliers', supplierId);
  const id = fromSupplier ?? (await repo.defaultConfiguration(ctx.db, ctx.accountId, 'clients', job.client.id));
  if (id !== null) return id;
  const whose = supplierId === undefined ? "the job's client has" : "neither the supplier nor the job's client has";
  throw new ApiError('parameter_missing', `catConfiguration: ${whose} a default CAT configuration; give catConfiguration`, [
    { param: 'catConfiguration', message: 'is required (no default CAT configuration)' },
  ]);
}

export const catAnalysis = {
  parse,

  /** 404 unless the job (and the outsourcing, of that job) is the caller's; checked before the body is read. */
  async assertTarget(ctx: Ctx, target: ImportTarget): Promise<void> {
    const job = await jobs.get(ctx, target.jobId);
    if (target.outsourcingId !== undefined && !job.outsourcing.some((item) => item.id === target.outsourcingId)) {
      throw notFound('outsourcing of this job', target.outsourcingId);
    }
  },

  /**
   * The configuration an import uses: `catConfiguration`, else the default (for an outsourcing the
   * supplier's, else the job client's; none: 400). Read before the transaction: the report is
   * parsed for its tool outside the transaction.
   */
  async configurationFor(ctx: Ctx, target: ImportTarget, catConfiguration: string | undefined): Promise<CatConfigurationObject> {
    const job = await jobs.get(ctx, target.jobId);
    const outsourcing = target.outsourcingId === undefined ? undefined : job.outsourcing.find((item) => item.id === target.outsourcingId);
    if (target.outsourcingId !== undefined && !outsourcing) throw notFound('outsourcing of this job', target.outsourcingId);
    return catConfigurations.get(ctx, catConfiguration ?? (await defaultConfiguration(ctx, job, outsourcing?.supplier.id)), 'catConfiguration');
  },

  /**
   * The configuration an import into new jobs of a client uses (a request's conversion):
   * `catConfiguration`, else the client's default (none: 400 `parameter_missing`, saying why).
   */
  async configurationForClient(ctx: Ctx, clientId: string, catConfiguration: string | undefined, why: string): Promise<CatConfigurationObject> {
    const id = catConfiguration ?? (await repo.defaultConfiguration(ctx.db, ctx.accountId, 'clients', clientId));
    if (id === null) {
      throw new ApiError('parameter_missing', `catConfiguration: the client has no default CAT configuration and ${why}; give catConfiguration`, [
        { param: 'catConfiguration', message: 'is required (no default CAT configuration)' },
      ]);
    }
    return catConfigurations.get(ctx, id, 'catConfiguration');
  },

  /**
   * Imports a parsed report: the configuration's source count of each tool
   * match, summed per mapped category in mapping order and converted; the job's (outsourcing's)
   * unit becomes the destination unit and its match lines these categories, priced by the price
   * endpoint's rules. Answers the job.
   */
  async importReport(ctx: Ctx, target: ImportTarget, input: ImportInput): Promise<{ job: JobObject; fileId: string | null; quantities: CategoryQuantity[] }> {
    const { jobId, outsourcingId } = target;
    await jobStore.lock(ctx, jobId);
    const job = await jobs.get(ctx, jobId);
    const outsourcing = outsourcingId === undefined ? undefined : job.outsourcing.find((item) => item.id === outsourcingId);
    if (outsourcingId !== undefined && !outsourcing) throw notFound('outsourcing of this job', outsourcingId);

    const configuration = await catConfigurations.get(ctx, input.configurationId, 'catConfiguration');
    const { report } = input;
    if (configuration.catTool.id !== report.catTool) {
      throw new ApiError('state_conflict', `CAT configuration "${configuration.name}" changed its tool while the report was read; send the import again`);
    }
    const pairTarget = (outsourcing ? (outsourcing.languagePair ?? job.languagePair) : job.languagePair)?.target.code ?? null;
    const language = chooseLanguage(report, input.targetLanguage, pairTarget);
    const quantities = categoryQuantities(configuration, report, language);

    const fileId = input.fileId ?? (input.upload ? await reportFiles.attach(ctx, jobId, input.upload) : null);
    const unitId = configuration.quantityTypes.destination.id;
    let answer: JobObject;
    if (outsourcingId !== undefined) {
      answer = await asConfigurationError(configuration, () =>
        outsourcingService.importMatches(ctx, jobId, outsourcingId, {
          unitId,
          matches: quantities.map((q) => ({ id: q.id, value: q.value })),
          catFileIds: fileId === null ? [] : [fileId],
        }),
      );
    } else {
      // A new unit takes the price again (as PUT /v2/jobs/:id does), then the lines take the rates of
      // the price endpoint: the price's entry of the category, else the full rate.
      if (unitId !== job.quantityType.id) await asConfigurationError(configuration, () => jobs.update(ctx, jobId, { quantityType: unitId }));
      await jobStore.setCatFiles(ctx, jobId, fileId === null ? [] : [fileId]);
      answer = await asConfigurationError(configuration, () =>
        jobPricing.update(ctx, jobId, { matches: quantities.map((q) => ({ id: q.id, value: Number(q.value) })) }),
      );
    }
    // docs/webhooks.md#event-types: what was imported, where, and the job after it.
    await recordEvent(ctx, 'cat_analysis.imported', {
      jobId,
      outsourcingId: outsourcingId ?? null,
      catConfigurationId: configuration.id,
      fileId,
      quantities,
      job: answer,
    });
    return { job: answer, fileId, quantities };
  },
};
