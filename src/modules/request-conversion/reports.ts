import type { Ctx } from '../../core/context.js';
import { ApiError, invalid } from '../../core/errors.js';
import type { BlobStorage } from '../../core/storage/index.js';
import { catAnalysis, CatReportError, CatReportTooLarge, looksLikeReport, type ParsedReport, type ReportParser } from '../cat-analysis/index.js';
import type { RequestFileContent } from '../requests/index.js';

/**
 * The CAT reports among a request's files (docs/client-portal.md#converting-a-request): found and
 * parsed before the conversion's transaction, and assigned to the jobs of their target languages.
 */
export interface ReportPlan {
  /** The index of the file in the request's files. */
  fileIndex: number;
  file: RequestFileContent;
  report: ParsedReport;
  /** Per job (index of the request's targets): the report's language to import (undefined: its only one). */
  imports: Array<{ targetIndex: number; language: string | undefined }>;
}

/** The extensions a report is written with (a file to translate may be XML or CSV too: the content decides). */
const REPORT_NAME = /\.(xml|csv|tsv|txt)$/i;

const normal = (code: string) => code.trim().replace(/_/g, '-').toLowerCase();
const primary = (code: string) => normal(code).split('-')[0]!;
const named = (file: RequestFileContent) => `file "${file.name}" (${file.id})`;

async function bytesOf(storage: BlobStorage, blobId: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(blobId) as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The target (index) a report's language is for: the same code, else the only target of the same language. */
function targetOf(targets: readonly string[], language: string): number | undefined {
  const exact = targets.findIndex((target) => normal(target) === normal(language));
  if (exact >= 0) return exact;
  const same = targets.flatMap((target, index) => (primary(target) === primary(language) ? [index] : []));
  return same.length === 1 ? same[0] : undefined;
}

/**
 * Which job each report goes into: a report naming no language (one language without a target)
 * into every job; otherwise each of its languages into the job of that target. A report naming
 * none of the targets, or two reports for one job, is 400 naming the files.
 */
function assign(file: RequestFileContent, report: ParsedReport, targets: readonly string[]): ReportPlan['imports'] {
  const only = report.languages.length === 1 ? report.languages[0]! : undefined;
  if (only !== undefined && only.target === null) return targets.map((_, targetIndex) => ({ targetIndex, language: undefined }));
  const imports: ReportPlan['imports'] = [];
  for (const language of report.languages) {
    if (language.target === null) continue;
    const targetIndex = targetOf(targets, language.target);
    if (targetIndex !== undefined && !imports.some((item) => item.targetIndex === targetIndex)) imports.push({ targetIndex, language: language.target });
  }
  if (imports.length === 0) {
    const listed = report.languages.map((language) => language.target ?? '(none)').join(', ');
    throw invalid('files', `${named(file)} is a CAT analysis report for ${listed}, none a target language of the request (${targets.join(', ')})`);
  }
  return imports;
}

/**
 * The reports among the files, parsed with the configuration's tool (in the worker pool, one parse
 * slot of the account at a time) and assigned to jobs; nothing when there is none. A file that
 * looks like a report but cannot be read is 400 naming it (413 past a bound): the conversion
 * writes nothing (`catAnalysis: false` converts without analysis).
 */
export async function planReports(
  ctx: Ctx,
  options: { storage: BlobStorage; parser: ReportParser; cap: number; clientId: string; catConfiguration: string | undefined },
  files: readonly RequestFileContent[],
  targets: readonly string[],
): Promise<{ configuration: { id: string; unitId: string } | null; plans: ReportPlan[] }> {
  const found: Array<{ fileIndex: number; file: RequestFileContent; bytes: Uint8Array }> = [];
  for (const [fileIndex, file] of files.entries()) {
    if (!REPORT_NAME.test(file.name) || file.size > options.cap || file.size === 0) continue;
    const bytes = await bytesOf(options.storage, file.blobId);
    if (looksLikeReport(bytes)) found.push({ fileIndex, file, bytes });
  }
  if (found.length === 0) return { configuration: null, plans: [] };
  const why = `${named(found[0]!.file)} is a CAT analysis report (or give catAnalysis false)`;
  const configuration = await catAnalysis.configurationForClient(ctx, options.clientId, options.catConfiguration, why);
  const plans: ReportPlan[] = [];
  const release = options.parser.acquire(ctx.accountId);
  try {
    for (const { fileIndex, file, bytes } of found) {
      let report: ParsedReport;
      try {
        report = await options.parser.parse(bytes, configuration.catTool.id as Parameters<ReportParser['parse']>[1]);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof CatReportTooLarge) throw new ApiError('payload_too_large', `files: ${named(file)}: ${message}`);
        if (error instanceof CatReportError)
          throw invalid('files', `${named(file)} looks like a CAT analysis report but cannot be read with "${configuration.name}": ${message}`);
        throw error;
      }
      plans.push({ fileIndex, file, report, imports: assign(file, report, targets) });
    }
  } finally {
    release();
  }
  for (const [index, plan] of plans.entries()) {
    for (const earlier of plans.slice(0, index)) {
      const both = plan.imports.find((item) => earlier.imports.some((other) => other.targetIndex === item.targetIndex));
      if (both !== undefined) {
        throw invalid(
          'files',
          `${named(earlier.file)} and ${named(plan.file)} are both CAT analysis reports for ${targets[both.targetIndex]}: a job takes one`,
        );
      }
    }
  }
  return { configuration: { id: configuration.id, unitId: configuration.quantityTypes.destination.id }, plans };
}
