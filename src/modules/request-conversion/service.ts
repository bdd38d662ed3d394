import type { Ctx } from '../../core/context.js';
import { missing, stateConflict } from '../../core/errors.js';
import type { BlobStorage } from '../../core/storage/index.js';
import { catAnalysis, type ReportParser } from '../cat-analysis/index.js';
import { quoteDrafts, type DocumentObject } from '../documents/index.js';
import { files, groupFiles, jobFiles, type StoredContent } from '../files/index.js';
import { groups, type GroupObject } from '../groups/index.js';
import { jobs, type JobObject } from '../jobs/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { agencyRequests, copyRequestFiles, type RequestObject } from '../requests/index.js';
import { planReports, type ReportPlan } from './reports.js';
import type { ConvertRequestInput } from './schemas.js';

/**
 * What a conversion prepares before its transaction (docs/client-portal.md#converting-a-request):
 * the request as read (its version: a request its client edits meanwhile is refused), the reports
 * parsed, and the copies of the files (one set for the group, or one per job), which the caller
 * removes when the transaction fails.
 */
export interface PreparedConversion {
  requestId: string;
  version: number;
  input: ConvertRequestInput;
  grouped: boolean;
  unitId: string;
  configurationId: string | null;
  plans: ReportPlan[];
  /** One set of copies of the request's files (grouped), or one per target language. */
  copies: StoredContent[][];
}

export interface ConversionResult {
  object: 'request_conversion';
  request: RequestObject;
  jobs: JobObject[];
  group: GroupObject | null;
  quote: DocumentObject | null;
  analysed: Array<{ fileId: string; name: string; jobIds: string[] }>;
}

const arrow = (source: string, target: string) => `${source} → ${target}`;

/** The name of the group and the stem of the jobs' names: given, else the client's reference, else the request's number. */
const baseName = (request: RequestObject, input: ConvertRequestInput) => (input.name ?? (request.reference || request.number)).trim().slice(0, 200);

/** The account's enabled language pair for source → target (a bidirectional pair either way); null when there is none. */
async function pairFinder(ctx: Ctx): Promise<(source: string, target: string) => string | null> {
  const pairs = (await languagePairs.list(ctx)).filter((pair) => !pair.disabled);
  return (source, target) =>
    (
      pairs.find((pair) => pair.source?.code === source && pair.target.code === target) ??
      pairs.find((pair) => pair.bidirectional && pair.source?.code === target && pair.target.code === source)
    )?.id ?? null;
}

export const requestConversion = {
  /** Before the transaction: 404 / 409 early, the reports parsed (400 naming a file it cannot read), the files copied. */
  async prepare(
    ctx: Ctx,
    io: { storage: BlobStorage; parser: ReportParser; reportCap: number },
    id: string,
    input: ConvertRequestInput,
  ): Promise<PreparedConversion> {
    const { request, files: contents } = await agencyRequests.forConversion(ctx, id);
    const targets = request.targetLanguages.map((language) => language.code);
    const grouped = input.group ?? targets.length > 1;
    const { configuration, plans } =
      input.catAnalysis === false
        ? { configuration: null, plans: [] }
        : await planReports(
            ctx,
            { storage: io.storage, parser: io.parser, cap: io.reportCap, clientId: request.client.id, catConfiguration: input.catConfiguration },
            contents,
            targets,
          );
    const unitId = input.quantityType ?? configuration?.unitId;
    if (unitId === undefined) throw missing('quantityType');
    const copies: StoredContent[][] = [];
    try {
      for (let n = 0; n < (grouped ? 1 : targets.length); n += 1) copies.push(await copyRequestFiles(io.storage, contents));
    } catch (error) {
      await io.storage.remove(copies.flat().map((copy) => copy.blobId)).catch(() => {});
      throw error;
    }
    return { requestId: id, version: request.version, input, grouped, unitId, configurationId: configuration?.id ?? null, plans, copies };
  },

  /** In the transaction: the group, the jobs with their files, the analyses, the quote, and the request marked converted. */
  async convert(ctx: Ctx, prepared: PreparedConversion): Promise<ConversionResult> {
    const { input } = prepared;
    const { request } = await agencyRequests.forConversion(ctx, prepared.requestId);
    if (request.version !== prepared.version) throw stateConflict('The request changed (its client edited it) while it was being converted: convert it again');
    const name = baseName(request, input);
    const source = request.sourceLanguage.code;
    const common = {
      client: request.client.id,
      service: request.service.id,
      quantityType: prepared.unitId,
      quantity: input.quantity ?? 0,
      dueDate: request.dueDate,
      externalReference: request.reference === '' ? null : request.reference,
      purchaseOrder: request.purchaseOrder === '' ? null : request.purchaseOrder,
    };

    let group: GroupObject | null = null;
    const groupFileIds: string[] = [];
    if (prepared.grouped) {
      group = await groups.create(ctx, {
        name,
        client: common.client,
        dueDate: common.dueDate,
        externalReference: common.externalReference,
        purchaseOrder: common.purchaseOrder,
      });
      for (const copy of prepared.copies[0]!) groupFileIds.push((await files.create(ctx, groupFiles, group.id, copy)).id);
    }
    const pairOf = await pairFinder(ctx);
    const jobIds: string[] = [];
    const jobFileIds: string[][] = [];
    for (const [index, target] of request.targetLanguages.entries()) {
      const job = await jobs.create(ctx, { ...common, name: `${name} ${arrow(source, target.code)}`, languagePair: pairOf(source, target.code) });
      jobIds.push(job.id);
      if (group !== null) await groups.addJob(ctx, group.id, job.id);
      else {
        const ids: string[] = [];
        for (const copy of prepared.copies[index]!) ids.push((await files.create(ctx, jobFiles, job.id, copy)).id);
        jobFileIds.push(ids);
      }
    }

    const analysed: ConversionResult['analysed'] = [];
    for (const plan of prepared.plans) {
      const into: string[] = [];
      for (const { targetIndex, language } of plan.imports) {
        const jobId = jobIds[targetIndex]!;
        await catAnalysis.importReport(
          ctx,
          { jobId },
          {
            report: plan.report,
            configurationId: prepared.configurationId!,
            fileId: group !== null ? groupFileIds[plan.fileIndex]! : jobFileIds[targetIndex]![plan.fileIndex]!,
            ...(language === undefined ? {} : { targetLanguage: language }),
          },
        );
        into.push(jobId);
      }
      analysed.push({ fileId: plan.file.id, name: plan.file.name, jobIds: into });
    }

    const quote =
      input.quote === true
        ? await quoteDrafts.create(ctx, {
            client: common.client,
            jobs: jobIds,
            ...(request.purchaseOrder === '' ? {} : { purchaseOrder: request.purchaseOrder }),
          })
        : null;
    const converted = await agencyRequests.markConverted(ctx, request.id, { jobIds, groupId: group?.id ?? null, quoteId: quote?.id ?? null });
    const made = await jobs.getMany(ctx, jobIds);
    return {
      object: 'request_conversion',
      request: converted,
      jobs: jobIds.map((jobId) => made.get(jobId)!),
      group: group === null ? null : await groups.get(ctx, group.id),
      quote,
      analysed,
    };
  },
};
