import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { outsourcingPortal } from '../../../src/core/db/migrations/0039_outsourcing_portal.js';
import type { TestContext } from '../../helper.js';
import { jobParams, newJob, newService, newSupplier, worldPerFile, type World } from '../jobs/fixture.js';

/**
 * Migration 0039 (docs/jobs.md#portal) gives every outsourcing that exists before it the portal's
 * defaults and a reference of its own. Run here on outsourcing made through the API, with the
 * database put back as it was before the migration (the columns and their index gone).
 */
let t: TestContext;
let w: World;
worldPerFile((app, world) => ([t, w] = [app, world]));

const REFERENCE = /^[A-Za-z0-9_-]{43}$/;
const COLUMNS = [
  'portal_reference',
  'portal_enabled',
  'portal_instructions',
  'portal_checklist',
  'portal_confirm',
  'portal_generate_purchase_order',
  'portal_confirm_status',
  'portal_accepted_date',
  'portal_confirm_comment',
  'portal_sent_date',
  'portal_sent_date_status',
  'portal_done_date',
  'portal_supplier_comments',
  'portal_upload_file_on_group',
];

describe('migration 0039: the portal of existing outsourcing', () => {
  it('gives each outsourcing its own reference and the defaults; one without a reference gets one on its next write', async () => {
    const db = t.database.db as unknown as Kysely<any>;
    const service = await newService(t.api, 'Migrated');
    const supplier = await newSupplier(t.api, { name: 'Migrated supplier' });
    const job = await newJob(t.api, jobParams(w, service, { name: 'Migrated job' }));
    for (let i = 0; i < 3; i++) expect((await t.api.post(`/v2/jobs/${job.id}/outsourcing`, { supplier })).status).toBe(200);

    // As before the migration.
    await db.schema.dropIndex('outsourcing_by_portal_reference').execute();
    for (const column of COLUMNS) await db.schema.alterTable('outsourcing').dropColumn(column).execute();

    await outsourcingPortal().up(db as Kysely<unknown>);

    const rows = await db.selectFrom('outsourcing').select(['id', 'portal_reference']).where('job_id', '=', job.id).execute();
    expect(rows).toHaveLength(3);
    const references = rows.map((row) => row.portal_reference as string);
    for (const reference of references) expect(reference).toMatch(REFERENCE);
    expect(new Set(references).size).toBe(3);
    const read = await t.api.get(`/v2/jobs/${job.id}`);
    expect(read.status).toBe(200);
    for (const item of read.body.outsourcing as Array<{ portal: Record<string, unknown> }>) {
      expect(item.portal).toEqual({
        enabled: false,
        reference: expect.stringMatching(REFERENCE),
        instructions: null,
        checklist: [],
        confirm: { enabled: false, generatePurchaseOrderOnAcceptation: false, status: null, acceptedDate: null, comment: null },
        sentDate: null,
        sentDateStatus: null,
        doneDate: null,
        supplierComments: null,
        uploadFileOnGroup: false,
      });
    }

    // A row a server of the previous version inserts during an upgrade has the column's default ''
    // (left out of the unique index); the next write of it by this version gives it a reference.
    const [first, second] = rows as Array<{ id: string }>;
    await db.updateTable('outsourcing').set({ portal_reference: '' }).where('id', 'in', [first!.id, second!.id]).execute();
    const renamed = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${first!.id}`, { name: 'Renamed' });
    const portal = await t.api.put(`/v2/jobs/${job.id}/outsourcing/${second!.id}/portal`, { enabled: true });
    const referenceOf = (body: { outsourcing: Array<{ id: string; portal: { reference: string } }> }, id: string) =>
      body.outsourcing.find((item) => item.id === id)!.portal.reference;
    expect(referenceOf(renamed.body, first!.id)).toMatch(REFERENCE);
    expect(referenceOf(portal.body, second!.id)).toMatch(REFERENCE);
    expect(referenceOf(portal.body, first!.id)).toBe(referenceOf(renamed.body, first!.id));
  });
});
