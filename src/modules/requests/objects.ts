import type { Ctx } from '../../core/context.js';
import { languageName } from '../../core/language.js';
import { files } from '../files/index.js';
import { requestFiles } from './file-kind.js';
import { requestRepository as repo, type RequestRow } from './repository.js';
import type { PortalRequestObject, RequestObject } from './schemas.js';

/** A request's number as shown: `R-` and the per-account sequence, at least four digits. */
export const requestNumber = (seq: number): string => `R-${String(seq).padStart(4, '0')}`;

const language = (code: string) => ({ code, name: languageName(code) });

export const targetCodes = (row: Pick<RequestRow, 'target_languages'>): string[] => JSON.parse(row.target_languages) as string[];

/** The requests of these rows as the agency reads them, in the rows' order (their files, client and service names in one query each). */
export async function agencyObjects(ctx: Ctx, rows: readonly RequestRow[]): Promise<RequestObject[]> {
  if (rows.length === 0) return [];
  const fileLists = await files.listFor(
    ctx,
    requestFiles,
    rows.map((row) => row.id),
  );
  const clients = new Map((await repo.clientNames(ctx.db, ctx.accountId, [...new Set(rows.map((row) => row.client_id))])).map((c) => [c.id, c.name]));
  const services = new Map((await repo.serviceNames(ctx.db, ctx.accountId, [...new Set(rows.map((row) => row.service_id))])).map((s) => [s.id, s.name]));
  return rows.map((row) => ({
    id: row.id,
    number: requestNumber(Number(row.seq)),
    status: row.status,
    service: { id: row.service_id, name: services.get(row.service_id) ?? '' },
    sourceLanguage: language(row.source_language),
    targetLanguages: targetCodes(row).map(language),
    dueDate: row.due_date,
    reference: row.client_reference,
    purchaseOrder: row.purchase_order,
    message: row.message,
    declineReason: row.decline_reason,
    termsAcceptedAt: row.terms_accepted_at,
    answeredAt: row.answered_at,
    files: fileLists.get(row.id) ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    client: { id: row.client_id, name: clients.get(row.client_id) ?? '' },
    requestedBy: { portalPersonId: row.person_id, name: row.person_name },
    terms: row.terms_accepted_at === null ? null : { acceptedAt: row.terms_accepted_at, text: row.terms_text ?? '', pdfSha256: row.terms_pdf_sha256 },
    answeredByUserId: row.answered_by_user_id,
    conversion:
      row.status === 'converted'
        ? { jobIds: JSON.parse(row.converted_job_ids ?? '[]') as string[], groupId: row.converted_group_id, quoteId: row.converted_quote_id }
        : null,
  }));
}

/** What the client's people see of a request: no user of the agency, no copy of the terms, nothing of what a conversion made. */
export function portalObject(object: RequestObject): PortalRequestObject {
  return {
    id: object.id,
    number: object.number,
    status: object.status,
    service: object.service,
    sourceLanguage: object.sourceLanguage,
    targetLanguages: object.targetLanguages,
    dueDate: object.dueDate,
    reference: object.reference,
    purchaseOrder: object.purchaseOrder,
    message: object.message,
    declineReason: object.declineReason,
    termsAcceptedAt: object.termsAcceptedAt,
    answeredAt: object.answeredAt,
    files: object.files,
    createdAt: object.createdAt,
    updatedAt: object.updatedAt,
    version: object.version,
  };
}
