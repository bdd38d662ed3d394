import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import { AccountSlots } from '../account-slots.js';
import { yieldToEventLoop } from '../event-loop.js';
import { CSV_CONTENT_TYPE, csvHead, csvRecord } from '../csv.js';
import { cellsOf, columnsOf, type ExportColumn } from '../csv-columns.js';
import type { Page, PageCursor, PageRequest } from '../pagination.js';
import { LIST_FORMAT_MARK } from '../schemas.js';

/**
 * The CSV export of every paginated listing (docs/reference.md#csv-export): `format=csv` answers
 * every row the filters let through, in the order asked, as a CSV download, streamed.
 *
 * One implementation configured per listing: a route whose query schema has `format` (every one
 * built with `pageQuery`) names in its config the service call its JSON answer makes, and the app
 * does not start when one does not (a new listing cannot forget its export). The columns come from
 * the schema of the listing's items (core/csv-columns.ts).
 *
 * The walk: steps of WALK_STEP rows through the listing's own service call (same filters, same
 * checks, same loading of the objects), each step found by its position in the order after the
 * last row of the one before (PageRequest.walk, core/pagination.ts), never by an offset. A step is
 * read only when the CSV writer asks for more (stream backpressure: a slow client holds the walk,
 * not memory), so memory stays about one step whatever the number of rows; a client that goes away
 * stops it. The first step is read before answering, so bad filters still answer 400 with the
 * error body; a failure after the answer started cuts the connection (the file is visibly
 * incomplete rather than silently short).
 */

/**
 * Rows per step of the walk: large enough that the per-step queries cost little, small enough to
 * keep memory flat and a step short (the event loop waits for one step: about 50 ms for jobs).
 */
export const WALK_STEP = 500;

/** The Retry-After of an export refused because the account runs EXPORTS_PER_ACCOUNT already. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** A step of the walk as the route's service answers it: objects, or their JSON (the job and group view caches). */
export type ExportPage = Page<unknown>;

export interface ListExport {
  /**
   * The listing's service call, as the JSON route makes it: `query` is the request's query with
   * `pageSize` and `walk` set by the export; `params` the path parameters (a webhook's id).
   */
  page(ctx: Ctx, query: PageRequest & Record<string, unknown>, params: Record<string, string>, columns: readonly ExportColumn[]): Promise<ExportPage>;
  /**
   * The columns of the caller's export, for a listing whose file is made for a spreadsheet rather
   * than derived from its JSON items (the jobs: one column per match category of the account).
   * Its `page` then answers each row as its cells already, in the order of these columns.
   */
  columnsFor?: (ctx: Ctx) => Promise<ExportColumn[]>;
  /** The file name's stem (`jobs` → `jobs-2026-11-27.csv`); by default the path's fixed segments after /v2 (account left out). */
  name?: string;
  /** Changes the derived columns (drop, rename, add), for a listing that needs it. */
  columns?: (derived: ExportColumn[]) => ExportColumn[];
}

/** The route config key naming a listing's export. */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The CSV export of a paginated listing (core/http/csv-export.ts). */
    csvExport?: ListExport;
  }
}

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };

/** `/v2/account/prices/clients` → `prices-clients`; `/v2/webhooks/:id/deliveries` → `webhooks-deliveries`. */
export function exportName(url: string): string {
  return url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'v2' && segment !== 'account' && !segment.startsWith(':'))
    .join('-');
}

/** `attachment; filename="jobs-2026-11-27.csv"` (the date of the export, UTC). */
export function attachmentOf(name: string, now = new Date()): string {
  return `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;
}

/**
 * The CSV file as a byte stream: the head, then one chunk per step of the walk (its rows as CSV
 * text), the next step read only when the consumer asks for more (backpressure).
 *
 * Why it yields: on SQLite every read is synchronous underneath (better-sqlite3), so a promise of
 * a step resolves in microtasks, and so does a socket write the kernel takes at once. The old
 * walk, an async generator read by the stream, never went back to the event loop: nothing else
 * was served until the last row (a 100 000-job export held /health 12.8 s). Each step now starts
 * from setImmediate, after the I/O waiting: what another request waits for is one step (a few
 * tens of milliseconds), not the whole export.
 */
class CsvWalk extends Readable {
  private pumping = false;
  private after: PageCursor | null;
  private pending: ExportPage | null;

  constructor(
    first: ExportPage,
    private readonly nextStep: (after: PageCursor) => Promise<ExportPage>,
    private readonly columns: readonly ExportColumn[],
  ) {
    super();
    this.pending = first;
    this.after = null;
    this.push(csvHead(columns));
  }

  override _read(): void {
    if (this.pumping) return;
    this.pumping = true;
    void this.pump();
  }

  /** A row as its cells: built already (an array, columnsFor), kept JSON (a Buffer), or an object of the listing. */
  private cellsOf(item: unknown): unknown[] {
    if (Array.isArray(item)) return item;
    if (Buffer.isBuffer(item)) return cellsOf(JSON.parse(item.toString('utf8')), this.columns);
    return cellsOf(item, this.columns);
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        await yieldToEventLoop();
        if (this.destroyed) return;
        const page = this.pending ?? (this.after ? await this.nextStep(this.after) : undefined);
        this.pending = null;
        if (page === undefined) return;
        // Reading a step and writing its CSV are each some tens of milliseconds: others get a turn between them too.
        await yieldToEventLoop();
        if (this.destroyed) return;
        const text = page.items.map((item) => csvRecord(this.cellsOf(item))).join('');
        this.after = page.next ?? null;
        const more = text === '' || this.push(text);
        if (this.after === null) {
          this.push(null);
          return;
        }
        // The consumer has enough: _read asks for the next step when it has taken this one.
        if (!more) return;
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pumping = false;
    }
  }
}

async function sendCsv(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: ListExport,
  derived: ExportColumn[],
  name: string,
  slots: AccountSlots,
) {
  const { format: _format, page: _page, ...query } = request.query as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, string>;
  const release = slots.take(request.auth.accountId);
  try {
    // Reads that keep nothing new in the view caches (Ctx.keepViews): the export must not push out what people read.
    const ctx = app.readCtx(request);
    // Revenue and margins hidden from the caller (core/financials.ts): their columns are not in the file.
    const all = spec.columnsFor ? await spec.columnsFor(ctx) : derived;
    const columns = ctx.financialsHidden ? all.filter((column) => !column.financial) : all;
    const step = (ctx: Ctx, after: PageCursor | null) =>
      spec.page({ ...ctx, keepViews: false }, { ...query, pageSize: WALK_STEP, walk: { after } }, params, columns);
    const first = await step(app.readCtx(request), null);
    // A service that does not hand the request on to paginateIds answers a page without `next`: it would export its first page only.
    if (first.next === undefined) throw new Error(`${request.routeOptions.url}: the listing's service does not walk (PageRequest.walk to paginateIds)`);
    // Later steps check the view caches against the database: the request's change stamp is of its start.
    const later = (after: PageCursor) => step({ ...app.readCtx(request), changeStamp: undefined }, after);
    const csv = new CsvWalk(first, later, columns);
    // The slot is the account's until the walk ends, fails or the client goes away (the stream is destroyed then).
    csv.once('close', release);
    reply.raw.once('close', release);
    csv.once('error', (error) => {
      if (!reply.raw.destroyed) request.log.error({ err: error }, 'CSV export failed after it started: connection cut');
    });
    return await reply.type(CSV_CONTENT_TYPE).header('content-disposition', attachmentOf(name)).send(csv);
  } catch (error) {
    release();
    throw error;
  }
}

export const csvExportPlugin = fp(async (app: FastifyInstance) => {
  const slots = new AccountSlots(app.config.exportsPerAccount, 'CSV exports', EXPORT_RETRY_AFTER_SECONDS);
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as Schema | undefined;
    if (!query?.properties?.format?.[LIST_FORMAT_MARK]) return;
    const spec = route.config?.csvExport;
    if (!spec)
      throw new Error(`${String(route.method)} ${route.url} is a paginated listing without a CSV export: set config.csvExport (core/http/csv-export.ts)`);
    const items = (route.schema?.response as Record<string, Schema> | undefined)?.['200']?.properties?.items?.items ?? {};
    const derived = columnsOf(items);
    const columns = spec.columns ? spec.columns(derived) : derived;
    const name = spec.name ?? exportName(route.url);
    const json = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const q = request.query as Record<string, unknown>;
      if (q.format === 'csv') return sendCsv(app, request, reply, spec, columns, name, slots);
      // The JSON answer as before: the services never see `format`.
      delete q.format;
      return json.call(this, request, reply);
    };
  });
});
