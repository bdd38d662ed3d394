import { forUpdate, type DialectName, type Executor } from '../../core/db/dialect.js';
import { preparedQuery, type PreparedQuery } from '../../core/db/prepared.js';
import { Dec } from '../../core/money.js';
import type { DocumentLinesTable, DocumentsTable, PaymentsTable } from '../../core/db/schema.js';

/** SQL of documents, their lines, payments and number sequences. Every query takes the account id. */
export type DocumentRow = DocumentsTable;
export type LineRow = DocumentLinesTable;
export type PaymentRow = PaymentsTable;

export interface LineWithNames extends LineRow {
  unit_name: string | null;
  job_name: string | null;
  group_name: string | null;
  outsourcing_name: string | null;
}

type LiveLine = { ref: string | null; document_id: string; total: string; status: number };
type LiveParams = { accountId: string; kind: string; statuses: readonly number[]; ids: readonly string[]; type: number | null };

/** The look-ups of live lines (they run on every estimation of a job), prepared once per column and type filter. */
const liveQueries = new Map<string, PreparedQuery<LiveParams, LiveLine>>();
function liveLines(column: 'job_id' | 'outsourcing_id', byType: boolean): PreparedQuery<LiveParams, LiveLine> {
  const key = `${column} ${byType}`;
  let query = liveQueries.get(key);
  if (query === undefined) {
    query = preparedQuery((db, p: LiveParams) => {
      let built = db
        .selectFrom('document_lines as l')
        .innerJoin('documents as d', 'd.id', 'l.document_id')
        .select([`l.${column} as ref`, 'l.document_id', 'l.total', 'd.status'])
        .where('l.account_id', '=', p.accountId)
        .where('d.kind', '=', p.kind)
        .where('d.status', 'in', p.statuses as number[])
        .where(`l.${column}`, 'in', p.ids);
      if (byType) built = built.where('d.type', '=', p.type as number);
      return built;
    });
    liveQueries.set(key, query);
  }
  return query;
}

export const documentRepository = {
  findForUpdate(db: Executor, dialect: DialectName, accountId: string, kind: string, id: string): Promise<DocumentRow | undefined> {
    return forUpdate(
      db.selectFrom('documents').selectAll().where('account_id', '=', accountId).where('kind', '=', kind).where('id', '=', id),
      dialect,
    ).executeTakeFirst();
  },

  findMany(db: Executor, accountId: string, kind: string, ids: readonly string[]): Promise<DocumentRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('documents')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('id', 'in', [...ids])
      .execute();
  },

  async insert(db: Executor, row: DocumentRow): Promise<void> {
    await db.insertInto('documents').values(row).execute();
  },

  async update(db: Executor, accountId: string, id: string, changes: Partial<DocumentRow>): Promise<void> {
    await db.updateTable('documents').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async delete(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('documents').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** Lines of several documents with the names of their references, in position order. */
  lines(db: Executor, accountId: string, documentIds: readonly string[]): Promise<LineWithNames[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('document_lines as l')
      .leftJoin('units', 'units.id', 'l.unit_id')
      .leftJoin('jobs', 'jobs.id', 'l.job_id')
      .leftJoin('outsourcing', 'outsourcing.id', 'l.outsourcing_id')
      .leftJoin('groups', (join) => join.onRef('groups.id', '=', 'l.group_id').onRef('groups.account_id', '=', 'l.account_id'))
      .selectAll('l')
      .select(['units.name as unit_name', 'jobs.name as job_name', 'groups.name as group_name', 'outsourcing.name as outsourcing_name'])
      .where('l.account_id', '=', accountId)
      .where('l.document_id', 'in', [...documentIds])
      .orderBy('l.document_id')
      .orderBy('l.position')
      .execute();
  },

  async insertLines(db: Executor, lines: readonly LineRow[]): Promise<void> {
    if (lines.length > 0)
      await db
        .insertInto('document_lines')
        .values([...lines])
        .execute();
  },

  async nextPosition(db: Executor, documentId: string): Promise<number> {
    const row = await db
      .selectFrom('document_lines')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return Number(row?.max ?? -1) + 1;
  },

  async deleteLine(db: Executor, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('document_lines').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async setLinePosition(db: Executor, accountId: string, id: string, position: number): Promise<void> {
    await db.updateTable('document_lines').set({ position }).where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  /** Live documents of a kind holding a line of a job or outsourcing (`column`), optionally only some invoice type. */
  onLive(
    db: Executor,
    accountId: string,
    kind: string,
    statuses: readonly number[],
    column: 'job_id' | 'outsourcing_id',
    ids: readonly string[],
    type?: number,
  ) {
    if (ids.length === 0) return Promise.resolve([] as LiveLine[]);
    const query = liveLines(column, type !== undefined);
    return query(db, { accountId, kind, statuses, ids, type: type ?? null });
  },

  /** The credit notes of an invoice: ids and totals (negative). */
  creditNotesOf(db: Executor, accountId: string, invoiceId: string): Promise<Array<{ id: string; total: string }>> {
    return db
      .selectFrom('documents')
      .select(['id', 'total'])
      .where('account_id', '=', accountId)
      .where('credited_document_id', '=', invoiceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  /** The credited amounts (positive) of several invoices, by invoice id. */
  async creditedTotals(db: Executor, accountId: string, invoiceIds: readonly string[]): Promise<Map<string, string>> {
    if (invoiceIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('documents')
      .select(['credited_document_id', 'total'])
      .where('account_id', '=', accountId)
      .where('credited_document_id', 'in', [...invoiceIds])
      .execute();
    const result = new Map<string, string>();
    for (const row of rows) result.set(row.credited_document_id!, new Dec(result.get(row.credited_document_id!) ?? 0).minus(String(row.total)).toFixed());
    return result;
  },

  /** Whether a document of the kind already has this number (invoices and credit notes share the kind, not the series). */
  async numberTaken(db: Executor, accountId: string, kind: string, number: string): Promise<boolean> {
    const row = await db
      .selectFrom('documents')
      .select('id')
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('number', '=', number)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Whether any document line references the job. */
  async jobReferenced(db: Executor, accountId: string, jobId: string): Promise<boolean> {
    const row = await db.selectFrom('document_lines').select('id').where('account_id', '=', accountId).where('job_id', '=', jobId).executeTakeFirst();
    return row !== undefined;
  },

  payments(db: Executor, accountId: string, documentIds: readonly string[]): Promise<PaymentRow[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('payments')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('document_id', 'in', [...documentIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async insertPayment(db: Executor, row: PaymentRow): Promise<void> {
    await db.insertInto('payments').values(row).execute();
  },

  async deletePayment(db: Executor, accountId: string, documentId: string, id: string): Promise<number> {
    const result = await db
      .deleteFrom('payments')
      .where('account_id', '=', accountId)
      .where('document_id', '=', documentId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** `{ id, name, value }` of taxes of the account. */
  taxes(db: Executor, accountId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as Array<{ id: string; name: string; value: string }>);
    return db
      .selectFrom('taxes')
      .select(['id', 'name', 'value'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** Party names (clients or suppliers) and addresses. */
  parties(db: Executor, accountId: string, table: 'clients' | 'suppliers', ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as Array<{ id: string; name: string; address: string }>);
    return db
      .selectFrom(table as 'clients')
      .select(['id', 'name', 'address'])
      .where('account_id', '=', accountId)
      .where('id', 'in', [...ids])
      .execute();
  },

  /** A group of the account: its name and whether its jobs make one line on invoices and quotes (docs/documents.md#rules). */
  group(db: Executor, accountId: string, id: string) {
    return db.selectFrom('groups').select(['id', 'name', 'group_on_invoice']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  },

  /** An outsourcing of the account (any job), with its stored amounts, for a purchase order line. */
  outsourcing(db: Executor, accountId: string, id: string) {
    return db
      .selectFrom('outsourcing')
      .select(['id', 'job_id', 'supplier_id', 'name', 'currency', 'status', 'quantity', 'unit_id', 'unit_cost', 'amounts'])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Next number of a sequence (account, kind, year): the row is created when missing, then locked
   * (FOR UPDATE on PostgreSQL; SQLite write transactions are BEGIN IMMEDIATE) and incremented in
   * the caller's transaction, so a rolled-back send gives its number back (no gaps).
   */
  async nextInSequence(db: Executor, dialect: DialectName, accountId: string, kind: string, year: number): Promise<number> {
    await db
      .insertInto('document_sequences')
      .values({ account_id: accountId, kind, year, last: 0 })
      .onConflict((oc) => oc.columns(['account_id', 'kind', 'year']).doNothing())
      .execute();
    const row = await forUpdate(
      db.selectFrom('document_sequences').select('last').where('account_id', '=', accountId).where('kind', '=', kind).where('year', '=', year),
      dialect,
    ).executeTakeFirstOrThrow();
    const next = Number(row.last) + 1;
    await db
      .updateTable('document_sequences')
      .set({ last: next })
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('year', '=', year)
      .execute();
    return next;
  },
};
