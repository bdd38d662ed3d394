import type { TSchema } from '@sinclair/typebox';
import type { Ctx } from '../../core/context.js';
import { clients, CreateClient, UpdateClient, type ClientDependents } from '../clients/index.js';
import { suppliers, CreateSupplier, UpdateSupplier } from '../suppliers/index.js';
import { CellError, validateInput, type Cells, type ColumnDef, type ImportResource } from './runner.js';
import { partyNames, type PartyNames } from './names.js';

/**
 * Clients and suppliers: one implementation configured twice. A row updates the party its `id`
 * names, else the one with its name (case-insensitive), else creates one. Empty cells leave a
 * field as it is.
 */
const ADDRESS_COLUMNS = ['addressName', 'street', 'city', 'postalCode', 'state', 'country'] as const;
const ADDRESS_KEY: Record<string, string> = {
  addressName: 'name',
  street: 'street',
  city: 'city',
  postalCode: 'postalCode',
  state: 'state',
  country: 'country',
};

const common: ColumnDef[] = [
  { name: 'id' },
  { name: 'name', required: true },
  { name: 'email' },
  { name: 'phone' },
  { name: 'vatNumber' },
  { name: 'nationalIdentificationNumber' },
  { name: 'details' },
  { name: 'currency' },
  ...ADDRESS_COLUMNS.map((name) => ({ name, param: `address[${ADDRESS_KEY[name]}]` })),
];

interface PartyConfig {
  name: 'clients' | 'suppliers';
  table: 'clients' | 'suppliers';
  columns: ColumnDef[];
  create: TSchema;
  update: TSchema;
  save(ctx: Ctx, id: string | undefined, input: Record<string, unknown>): Promise<{ id: string }>;
}

/** The API input of a row: plain columns by name, the address columns nested. */
function inputOf(config: PartyConfig, cells: Cells): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const address: Record<string, string> = {};
  for (const column of config.columns) {
    const value = cells[column.name];
    if (value === undefined || column.name === 'id') continue;
    if (column.name in ADDRESS_KEY) address[ADDRESS_KEY[column.name]!] = value;
    else input[column.name] = value;
  }
  if (Object.keys(address).length > 0) input.address = address;
  return input;
}

function partyResource(config: PartyConfig): ImportResource<PartyNames> {
  return {
    name: config.name,
    columns: config.columns,
    start: (ctx) => partyNames(ctx, config.table),
    keyOf: (cells) => (cells.id ? `id:${cells.id}` : cells.name ? `name:${cells.name.toLowerCase()}` : undefined),
    async write(ctx, names, cells) {
      const existing = cells.id ? await names.byId(cells.id, 'id') : await names.byName(cells.name ?? '', 'name', true);
      const input = validateInput<Record<string, unknown>>(existing ? config.update : config.create, inputOf(config, cells));
      if (!existing && cells.id) throw new CellError('id', `no ${config.name.slice(0, -1)} with id ${cells.id}`);
      const saved = await config.save(ctx, existing, input);
      if (!existing) names.add(saved.id, String(input.name));
      return { action: existing ? 'update' : 'create', id: saved.id, label: cells.name };
    },
  };
}

export function clientsResource(dependents: ClientDependents): ImportResource<PartyNames> {
  return partyResource({
    name: 'clients',
    table: 'clients',
    columns: [...common, { name: 'website' }, { name: 'minimumFee' }, { name: 'documentMatchDisplay' }, { name: 'documentLanguage' }],
    create: CreateClient,
    update: UpdateClient,
    save: (ctx, id, input) =>
      id === undefined ? clients.create(ctx, input as Parameters<typeof clients.create>[1]) : clients.update(ctx, id, input, dependents),
  });
}

export const suppliersResource: ImportResource<PartyNames> = partyResource({
  name: 'suppliers',
  table: 'suppliers',
  columns: [
    ...common,
    { name: 'supplierType' },
    { name: 'mobilePhone' },
    { name: 'nickname' },
    { name: 'rating' },
    { name: 'timezone' },
    { name: 'documentLanguage' },
  ],
  create: CreateSupplier,
  update: UpdateSupplier,
  save: (ctx, id, input) => (id === undefined ? suppliers.create(ctx, input as Parameters<typeof suppliers.create>[1]) : suppliers.update(ctx, id, input)),
});
