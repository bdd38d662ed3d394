import type { Config } from '../../config.js';
import type { Ctx } from '../../core/context.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import { lockAccount } from '../../core/db/locks.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid, notFound, stateConflict } from '../../core/errors.js';
import { recordEvent } from '../../core/events.js';
import { newId } from '../../core/ids.js';
import { parseLanguage } from '../../core/language.js';
import type { PortalCtx } from '../../core/portal.js';
import { accounts } from '../accounts/index.js';
import { files, type StoredContent } from '../files/index.js';
import { languagePairs } from '../language-pairs/index.js';
import { masterData, services } from '../master-data/index.js';
import { partyCtx } from '../supplier-portal/index.js';
import { requestFiles } from './file-kind.js';
import { queueRequestMail } from './mail.js';
import { agencyObjects, portalObject, targetCodes } from './objects.js';
import { requestRepository as repo, type RequestRow } from './repository.js';
import type { CreateRequestInput, PortalRequestObject, RequestFormObject, RequestObject, UpdateRequestInput } from './schemas.js';
import type { RequestStatus } from '../../core/db/schema.js';
import { termsInForce, termsPdf } from './terms.js';
import { MAX_FILES_PER_UPLOAD } from './upload.js';
import { languageName } from '../../core/language.js';

/** The most requests the portal lists: a client's requests of years, far below it. */
const PORTAL_LIST_LIMIT = 500;

/** The language code of an input, canonical (`EN-gb` → `en-GB`); 400 naming `param` otherwise. */
function languageCode(input: string, param: string): string {
  const language = parseLanguage(input);
  if (language === undefined) throw invalid(param, `"${input.slice(0, 20)}" is not a known language code (two letters, optionally a region: en, en-GB)`);
  return language.code;
}

/** The languages of a request, checked: targets distinct and none the source. */
export function checkLanguages(sourceInput: string, targetInputs: readonly string[]): { source: string; targets: string[] } {
  const source = languageCode(sourceInput, 'sourceLanguage');
  if (targetInputs.length === 0) throw invalid('targetLanguages', 'needs at least one language to translate into');
  const targets: string[] = [];
  for (const input of targetInputs) {
    const code = languageCode(input, 'targetLanguages');
    if (code === source) throw invalid('targetLanguages', `includes the source language ${code}`);
    if (targets.includes(code)) throw invalid('targetLanguages', `names ${code} more than once`);
    targets.push(code);
  }
  return { source, targets };
}

/** The client of a portal person (the client branch admits only clients). */
const clientOf = (ctx: PortalCtx): string => ctx.principal.party.id;

/** A request of the person's client; 404 for any other (another client's, another account's). */
async function ownRow(ctx: PortalCtx, id: string): Promise<RequestRow> {
  const row = await repo.find(ctx.db, ctx.principal.accountId, id);
  if (row === undefined || row.client_id !== clientOf(ctx)) throw notFound('request', id);
  return row;
}

const notNew = (row: RequestRow) =>
  stateConflict(`The request is ${row.status}: the agency has answered it (or it was withdrawn), so it can no longer be changed`);

/** Applies a change to a request that is still `new` (409 otherwise), and records `request.<event>`. */
async function changeNew(ctx: Ctx, row: RequestRow, changes: Partial<RequestRow>, event: string): Promise<RequestObject> {
  if (!(await repo.change(ctx.db, ctx.accountId, row.id, ['new'], { ...changes, updated_at: nowIso() }))) throw notNew(row);
  const object = await requests.get(ctx, row.id);
  await recordEvent(ctx, event, object);
  return object;
}

/**
 * Requests (docs/client-portal.md#requests): asked by a client's person from the portal, answered by
 * the agency (quoted, converted into jobs, or declined), withdrawn by the client while new.
 */
export const requests = {
  // --- The portal's side: every read and write scoped by the person's client.

  async portalList(ctx: PortalCtx, status: RequestStatus | undefined): Promise<PortalRequestObject[]> {
    const party = partyCtx(ctx);
    const rows = await repo.ofClient(ctx.db, party.accountId, clientOf(ctx), status, PORTAL_LIST_LIMIT);
    return (await agencyObjects(party, rows)).map(portalObject);
  },

  /** What the request form needs: the terms, the services and languages to choose from, the limits. */
  async form(ctx: PortalCtx, maxUploadBytes: number): Promise<RequestFormObject> {
    const party = partyCtx(ctx);
    const account = await accounts.get(party);
    const pdf = await termsPdf.info(party);
    const serviceList = (await masterData.list(party, services))
      .filter((service) => service.disabled !== true)
      .map((service) => ({ id: service.id, name: service.name }));
    const codes = new Set<string>();
    for (const pair of await languagePairs.list(party)) {
      if (pair.disabled) continue;
      if (pair.source) codes.add(pair.source.code);
      codes.add(pair.target.code);
    }
    const collator = new Intl.Collator('en');
    const languages = [...codes]
      .map((code) => ({ code, name: languageName(code) }))
      .sort((a, b) => collator.compare(a.name, b.name) || (a.code < b.code ? -1 : 1));
    return {
      terms: {
        text: account.requestTerms,
        pdf: pdf === null ? null : { name: pdf.name, size: pdf.size },
        acceptanceRequired: account.requestTerms.trim() !== '' || pdf !== null,
      },
      services: serviceList,
      languages,
      maxFileBytes: maxUploadBytes,
      maxFilesPerUpload: MAX_FILES_PER_UPLOAD,
    };
  },

  async portalGet(ctx: PortalCtx, id: string): Promise<PortalRequestObject> {
    const row = await ownRow(ctx, id);
    return portalObject((await agencyObjects(partyCtx(ctx), [row]))[0]!);
  },

  /**
   * Makes a request with its files (stored already), in the caller's transaction: the service must
   * be the account's and not disabled, the languages known, distinct, the targets not the source
   * (400); the terms accepted when the agency has any (400 on `acceptTerms`). Records
   * `request.created` and queues the e-mail to the agency's request address.
   */
  async create(
    ctx: PortalCtx,
    input: CreateRequestInput,
    stored: readonly StoredContent[],
    config: Pick<Config, 'smtp' | 'publicUrl'>,
  ): Promise<PortalRequestObject> {
    const party = partyCtx(ctx);
    const service = await masterData.reference(party, services, input.service, 'service');
    const { source, targets } = checkLanguages(input.sourceLanguage, input.targetLanguages);
    const account = await accounts.get(party);
    const terms = await termsInForce(party, account.requestTerms);
    if (terms.required && input.acceptTerms !== true)
      throw invalid('acceptTerms', "must be true: the agency's terms (GET /v2/portal/client/request-form) are accepted with the request");
    const now = nowIso();
    await lockAccount(party);
    const row: RequestRow = {
      id: newId(),
      account_id: party.accountId,
      client_id: clientOf(ctx),
      person_id: ctx.principal.personId,
      person_name: ctx.principal.name,
      seq: await repo.nextSeq(ctx.db, party.accountId),
      service_id: service.id,
      source_language: source,
      target_languages: JSON.stringify(targets),
      due_date: input.dueDate ? toIsoDate(input.dueDate) : null,
      client_reference: input.reference?.trim() ?? '',
      purchase_order: input.purchaseOrder?.trim() ?? '',
      message: input.message?.trim() ?? '',
      status: 'new',
      decline_reason: null,
      terms_accepted_at: terms.required ? now : null,
      terms_text: terms.required ? terms.text : null,
      terms_pdf_sha256: terms.required ? terms.pdfSha256 : null,
      answered_at: null,
      answered_by_user_id: null,
      converted_job_ids: null,
      converted_group_id: null,
      converted_quote_id: null,
      created_at: now,
      updated_at: now,
      version: 1,
    };
    try {
      await repo.insert(ctx.db, row);
    } catch (error) {
      // SQLite has no lock to take: two requests at once may draw the same number; one asks again.
      if (isUniqueViolation(error)) throw stateConflict('Another request took this number at the same time: send it again');
      throw error;
    }
    for (const content of stored) await files.create(party, requestFiles, row.id, content);
    const object = (await agencyObjects(party, [row]))[0]!;
    await recordEvent(party, 'request.created', object);
    await queueRequestMail(party, config, account, object);
    return portalObject(object);
  },

  /** Changes the fields given while the request is new (409 once answered or withdrawn). Records `request.updated`. */
  async portalUpdate(ctx: PortalCtx, id: string, input: UpdateRequestInput): Promise<PortalRequestObject> {
    const party = partyCtx(ctx);
    const row = await ownRow(ctx, id);
    if (row.status !== 'new') throw notNew(row);
    const changes: Partial<RequestRow> = {};
    if (input.service !== undefined) changes.service_id = (await masterData.reference(party, services, input.service, 'service', row.service_id)).id;
    if (input.sourceLanguage !== undefined || input.targetLanguages !== undefined) {
      const { source, targets } = checkLanguages(input.sourceLanguage ?? row.source_language, input.targetLanguages ?? targetCodes(row));
      changes.source_language = source;
      changes.target_languages = JSON.stringify(targets);
    }
    if (input.dueDate !== undefined) changes.due_date = input.dueDate ? toIsoDate(input.dueDate) : null;
    if (input.reference !== undefined) changes.client_reference = input.reference.trim();
    if (input.purchaseOrder !== undefined) changes.purchase_order = input.purchaseOrder.trim();
    if (input.message !== undefined) changes.message = input.message.trim();
    return portalObject(await changeNew(party, row, changes, 'request.updated'));
  },

  /** Withdraws a new request (409 otherwise). Records `request.withdrawn`. */
  async withdraw(ctx: PortalCtx, id: string): Promise<PortalRequestObject> {
    const party = partyCtx(ctx);
    const row = await ownRow(ctx, id);
    if (row.status !== 'new') throw notNew(row);
    return portalObject(await changeNew(party, row, { status: 'withdrawn' }, 'request.withdrawn'));
  },

  /** Adds a stored file to a new request (404, 409 otherwise: the caller removes the content). Records `request.updated`. */
  async addFile(ctx: PortalCtx, id: string, content: StoredContent): Promise<PortalRequestObject> {
    const party = partyCtx(ctx);
    const row = await ownRow(ctx, id);
    if (row.status !== 'new') throw notNew(row);
    await files.create(party, requestFiles, row.id, content);
    return portalObject(await changeNew(party, row, {}, 'request.updated'));
  },

  /** Deletes a file of a new request (404, 409 otherwise). Records `request.updated`. */
  async removeFile(ctx: PortalCtx, id: string, fileId: string): Promise<PortalRequestObject> {
    const party = partyCtx(ctx);
    const row = await ownRow(ctx, id);
    if (row.status !== 'new') throw notNew(row);
    await files.remove(party, requestFiles, row.id, fileId);
    return portalObject(await changeNew(party, row, {}, 'request.updated'));
  },

  /** The file row of a request of the person's client, for its download (404 otherwise). */
  async portalFile(ctx: PortalCtx, id: string, fileId: string) {
    const row = await ownRow(ctx, id);
    return files.row(partyCtx(ctx), requestFiles, row.id, fileId);
  },

  // --- The agency's side.

  async get(ctx: Ctx, id: string): Promise<RequestObject> {
    const row = await repo.find(ctx.db, ctx.accountId, id);
    if (row === undefined) throw notFound('request', id);
    return (await agencyObjects(ctx, [row]))[0]!;
  },

  /** The file row of a request, for its download. */
  async file(ctx: Ctx, id: string, fileId: string) {
    return files.row(ctx, requestFiles, id, fileId);
  },

  /** How many requests wait for an answer (the dashboard). */
  countNew: (ctx: Pick<Ctx, 'db' | 'accountId'>) => repo.countByStatus(ctx.db, ctx.accountId, 'new'),
};
