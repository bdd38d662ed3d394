import { Type, type TSchema } from '@sinclair/typebox';
import { Amount, RequiredText } from '../../core/schemas.js';

/**
 * The named master-data kinds of docs/master-data.md (services, match categories, units, domains, labels,
 * taxes): one implementation, configured here once per kind.
 */
export type NamedTable = 'services' | 'match_categories' | 'units' | 'domains' | 'labels' | 'taxes';

export interface FieldSpec {
  /** Name in the API. */
  api: string;
  /** Column in the table. */
  column: string;
  type: 'bool' | 'decimal' | 'text';
  input: TSchema;
  output: TSchema;
  /** Accepted on create (required when `required`); always accepted on update. */
  onCreate?: 'required' | 'optional';
  /** Only one record of the account may have it set (setting it clears the others, docs/master-data.md#exclusive-flags). */
  exclusive?: boolean;
  default?: boolean | string;
  /** Canonical form of an accepted text value (labels store `#rrggbb` in lowercase). */
  normalise?: (value: string) => string;
}

export interface NamedKind {
  table: NamedTable;
  path: string;
  /** Event prefix and OpenAPI tag. */
  resource: string;
  /** For messages: "Service", "Unit", … */
  label: string;
  fields: FieldSpec[];
  /** Has a `disabled` flag: a disabled record cannot be newly referenced. */
  disableable: boolean;
  order: 'pinnedName' | 'name' | 'position';
}

const flag = (api: string, column: string, options: Partial<FieldSpec> = {}): FieldSpec => ({
  api,
  column,
  type: 'bool',
  input: Type.Boolean(),
  output: Type.Boolean(),
  default: false,
  ...options,
});

export const services: NamedKind = {
  table: 'services',
  path: '/v2/account/services',
  resource: 'service',
  label: 'Service',
  fields: [flag('pinned', 'pinned'), flag('disabled', 'disabled')],
  disableable: true,
  order: 'pinnedName',
};

export const matchCategories: NamedKind = {
  table: 'match_categories',
  path: '/v2/account/matches',
  resource: 'matchCategory',
  label: 'Match category',
  fields: [flag('disabled', 'disabled')],
  disableable: true,
  order: 'position',
};

export const units: NamedKind = {
  table: 'units',
  path: '/v2/account/quantity-types',
  resource: 'quantityType',
  label: 'Unit',
  fields: [flag('disabled', 'disabled'), flag('isHours', 'is_hours', { exclusive: true }), flag('pinned', 'pinned')],
  disableable: true,
  order: 'pinnedName',
};

export const domains: NamedKind = {
  table: 'domains',
  path: '/v2/account/domains',
  resource: 'domain',
  label: 'Domain',
  fields: [],
  disableable: false,
  order: 'name',
};

export const labels: NamedKind = {
  table: 'labels',
  path: '/v2/account/labels',
  resource: 'label',
  label: 'Label',
  fields: [
    {
      api: 'color',
      column: 'color',
      type: 'text',
      input: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'colour as #rrggbb' }),
      output: Type.String(),
      onCreate: 'required',
      normalise: (value) => value.toLowerCase(),
    },
  ],
  disableable: false,
  order: 'name',
};

export const taxes: NamedKind = {
  table: 'taxes',
  path: '/v2/account/taxes',
  resource: 'tax',
  label: 'Tax',
  fields: [
    {
      api: 'value',
      column: 'value',
      type: 'decimal',
      input: Amount({ minimum: -1, maximum: 1, description: 'fraction between -1 and 1 (0.21 means 21 %)' }),
      output: Type.Number(),
      onCreate: 'required',
    },
    flag('disabled', 'disabled'),
    flag('isDefaultTax1', 'is_default_tax1', { exclusive: true }),
    flag('isDefaultTax2', 'is_default_tax2', { exclusive: true }),
  ],
  disableable: true,
  order: 'name',
};

export const namedKinds = [services, matchCategories, units, domains, labels, taxes];

export const NameInput = RequiredText('name, unique in the account (case-insensitive)');
