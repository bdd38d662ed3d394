import type { Ctx } from '../../core/context.js';
import { bool } from '../../core/db/dialect.js';
import { nowIso, toIsoDate } from '../../core/dates.js';
import { invalid } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { toDecimalString } from '../../core/money.js';
import { languagePairs } from '../language-pairs/index.js';
import { domains, masterData, services, units } from '../master-data/index.js';
import { linesOfPrice, nameLines } from '../price-lines/index.js';
import { users } from '../users/index.js';
import { pricingColumns, resolvePricing } from './pricing.js';
import { jobRepository as repo, NO_DUE_DATE, type JobRowWithNames } from './repository.js';
import type { CreateJobInput } from './schemas.js';
import { JOB_STATUS } from './status.js';
import type { StoredJob } from './store.js';

/** The parameters of `POST /v2/jobs` but its name: what a new job's row, and so its price, is made of. */
export type NewJobParams = Omit<CreateJobInput, 'name'>;

const text = (value: string | null) => (value === null ? '' : value.trim());

/**
 * A new job as `POST /v2/jobs` would store it (docs/jobs.md#creation), not saved: its parameters
 * validated in the order of creation (client, service, unit, domain, language pair, project
 * manager), the currency chosen, the first applicable price taken (docs/prices.md#which-price-applies)
 * and its entries as lines. Creation names it and saves it; the price preview
 * (docs/jobs.md#price-preview) computes the estimation it would get. The job's name, its search
 * text and its owner's name are left empty for the caller.
 */
export async function newJobDraft(ctx: Ctx, input: NewJobParams): Promise<StoredJob> {
  const client = await repo.client(ctx.db, ctx.accountId, input.client);
  if (!client) throw invalid('client', `no client with id ${input.client}`);
  const service = await masterData.reference(ctx, services, input.service, 'service');
  const unit = await masterData.reference(ctx, units, input.quantityType, 'quantityType');
  const domain = input.domain ? await masterData.reference(ctx, domains, input.domain, 'domain') : null;
  const pair = input.languagePair ? await languagePairs.reference(ctx, input.languagePair, 'languagePair') : null;
  const pairId = pair?.id ?? null;
  const manager = input.projectManager ? await users.reference(ctx, input.projectManager, 'projectManager') : null;
  const [serviceId, unitId, domainId, managerId] = [service.id, unit.id, domain?.id ?? null, manager?.id ?? null];
  const currencyCode = input.currency ?? client.currency ?? (await repo.account(ctx.db, ctx.accountId))?.currency ?? 'EUR';
  const criteria = { clientId: client.id, serviceId, unitId, currency: currencyCode, languagePairId: pairId, languagePair: pair, domainId };
  const pricing = await resolvePricing(ctx, criteria);
  const now = nowIso();
  const dueDate = input.dueDate ? toIsoDate(input.dueDate) : null;
  const row: JobRowWithNames = {
    id: newId(),
    account_id: ctx.accountId,
    name: '',
    name_key: '',
    search_text: '',
    additional_info: input.additionalInfo ?? null,
    archive: 0,
    pinned: 0,
    client_id: client.id,
    service_id: serviceId,
    unit_id: unitId,
    language_pair_id: pairId,
    domain_id: domainId,
    user_id: ctx.userId,
    project_manager_id: managerId,
    currency: currencyCode,
    status: JOB_STATUS.notStarted,
    progress: '0',
    due_date: dueDate,
    due_sort: dueDate ?? NO_DUE_DATE,
    start_date: input.startDate ? toIsoDate(input.startDate) : null,
    delivery_date: null,
    external_reference: text(input.externalReference ?? null),
    purchase_order: text(input.purchaseOrder ?? null),
    non_billable: bool(input.nonBillable ?? false),
    time_based_invoice: bool(input.timeBasedInvoice ?? false),
    apply_minimum_fee: 1,
    discount: '0',
    extra_charge: '0',
    fixed_price: input.fixedPrice === undefined || input.fixedPrice === null ? null : toDecimalString(input.fixedPrice),
    quantity: toDecimalString(input.quantity),
    has_matches: 0,
    estimation: '{}',
    created_at: now,
    updated_at: now,
    ...(pricingColumns(pricing) as Pick<
      JobRowWithNames,
      | 'unit_cost'
      | 'unit_cost_price_id'
      | 'unit_cost_price_type'
      | 'matches_type'
      | 'price_matches'
      | 'time_based_unit_cost'
      | 'time_based_price_id'
      | 'time_based_price_type'
    >),
    client_name: client.name,
    client_currency: client.currency,
    client_minimum_fee: client.minimum_fee,
    service_name: service.name,
    unit_name: unit.name,
    domain_name: domain?.name ?? null,
    user_name: '',
    project_manager_name: manager?.name ?? null,
  };
  const lines = linesOfPrice(pricing.main.entries);
  // Every entry of the taken price comes with its category's name.
  return { row, lines: nameLines(lines, pricing.main.names) ?? lines, pair };
}
