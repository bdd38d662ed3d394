import type { MessageKey } from '../../../shared/i18n';
import { LIMITS } from '../../../shared/api/limits.gen';

/**
 * The seven kinds of master data (docs/master-data.md), one page implementation configured here
 * once per kind: where the API keeps them, which columns and flags they have, what a new record
 * needs, and what may still use a record that cannot be deleted.
 */
export type KindId = 'services' | 'units' | 'matchCategories' | 'languagePairs' | 'domains' | 'taxes' | 'labels';

/** A yes/no field set with an update (never at creation: the API creates every flag false). */
export type FlagField = 'pinned' | 'disabled' | 'isHours' | 'isDefaultTax1' | 'isDefaultTax2';

/** What a record of the kind is besides its flags. */
export type Shape = 'named' | 'tax' | 'label' | 'languagePair';

export interface Kind {
  id: KindId;
  /** The API's collection. */
  path:
    | '/v2/account/services'
    | '/v2/account/quantity-types'
    | '/v2/account/matches'
    | '/v2/account/language-pairs'
    | '/v2/account/domains'
    | '/v2/account/taxes'
    | '/v2/account/labels';
  shape: Shape;
  flags: FlagField[];
  title: MessageKey;
  intro: MessageKey;
  /** "New service", the dialog's title and the button's text. */
  add: MessageKey;
  /** "service", in sentences. */
  singular: MessageKey;
  /** What may reference a record: said when the API refuses to delete one (409 resource_in_use). */
  usedBy: MessageKey;
  /** How the API orders the list (there is no manual order: pinning is the way to bring records first). */
  order: MessageKey;
}

export const KINDS: Record<KindId, Kind> = {
  services: {
    id: 'services',
    path: '/v2/account/services',
    shape: 'named',
    flags: ['pinned', 'disabled'],
    title: 'settings.nav.services',
    intro: 'settings.md.services.intro',
    add: 'settings.md.services.add',
    singular: 'settings.md.services.singular',
    usedBy: 'settings.md.services.usedBy',
    order: 'settings.md.order.pinnedName',
  },
  units: {
    id: 'units',
    path: '/v2/account/quantity-types',
    shape: 'named',
    flags: ['pinned', 'isHours', 'disabled'],
    title: 'settings.nav.units',
    intro: 'settings.md.units.intro',
    add: 'settings.md.units.add',
    singular: 'settings.md.units.singular',
    usedBy: 'settings.md.units.usedBy',
    order: 'settings.md.order.pinnedName',
  },
  matchCategories: {
    id: 'matchCategories',
    path: '/v2/account/matches',
    shape: 'named',
    flags: ['disabled'],
    title: 'settings.nav.matchCategories',
    intro: 'settings.md.matchCategories.intro',
    add: 'settings.md.matchCategories.add',
    singular: 'settings.md.matchCategories.singular',
    usedBy: 'settings.md.matchCategories.usedBy',
    order: 'settings.md.order.creation',
  },
  languagePairs: {
    id: 'languagePairs',
    path: '/v2/account/language-pairs',
    shape: 'languagePair',
    flags: ['pinned', 'disabled'],
    title: 'settings.nav.languagePairs',
    intro: 'settings.md.languagePairs.intro',
    add: 'settings.md.languagePairs.add',
    singular: 'settings.md.languagePairs.singular',
    usedBy: 'settings.md.languagePairs.usedBy',
    order: 'settings.md.order.pairs',
  },
  domains: {
    id: 'domains',
    path: '/v2/account/domains',
    shape: 'named',
    flags: [],
    title: 'settings.nav.domains',
    intro: 'settings.md.domains.intro',
    add: 'settings.md.domains.add',
    singular: 'settings.md.domains.singular',
    usedBy: 'settings.md.domains.usedBy',
    order: 'settings.md.order.name',
  },
  taxes: {
    id: 'taxes',
    path: '/v2/account/taxes',
    shape: 'tax',
    flags: ['isDefaultTax1', 'isDefaultTax2', 'disabled'],
    title: 'settings.nav.taxes',
    intro: 'settings.md.taxes.intro',
    add: 'settings.md.taxes.add',
    singular: 'settings.md.taxes.singular',
    usedBy: 'settings.md.taxes.usedBy',
    order: 'settings.md.order.name',
  },
  labels: {
    id: 'labels',
    path: '/v2/account/labels',
    shape: 'label',
    flags: [],
    title: 'settings.nav.labels',
    intro: 'settings.md.labels.intro',
    add: 'settings.md.labels.add',
    singular: 'settings.md.labels.singular',
    usedBy: 'settings.md.labels.usedBy',
    order: 'settings.md.order.name',
  },
};

/** The column heading and help of each flag. */
export const FLAG_LABELS: Record<FlagField, MessageKey> = {
  pinned: 'settings.md.flag.pinned',
  disabled: 'settings.md.flag.disabled',
  isHours: 'settings.md.flag.isHours',
  isDefaultTax1: 'settings.md.flag.isDefaultTax1',
  isDefaultTax2: 'settings.md.flag.isDefaultTax2',
};

/** Flags only one record of the kind may have: setting one clears it elsewhere (docs/master-data.md#exclusive-flags). */
export const EXCLUSIVE_FLAGS: readonly FlagField[] = ['isHours', 'isDefaultTax1', 'isDefaultTax2'];

/** A record of any kind as the API answers it (the fields a kind lacks are absent). */
export interface MasterRecord {
  id: string;
  name?: string;
  value?: number;
  color?: string;
  source?: { code: string; name: string };
  target?: { code: string; name: string };
  bidirectional?: boolean;
  pinned?: boolean;
  disabled?: boolean;
  isHours?: boolean;
  isDefaultTax1?: boolean;
  isDefaultTax2?: boolean;
}

/** How a record is named in sentences: its name, or a language pair's "French → German". */
export function recordTitle(record: MasterRecord): string {
  if (record.name !== undefined) return record.name;
  const target = record.target?.name ?? '';
  if (!record.source) return target;
  return `${record.source.name} ${record.bidirectional ? '↔' : '→'} ${target}`;
}

/** The API's name rule (RequiredText, trimmed): 1 to 255 characters, not only spaces. */
export function nameError(name: string): MessageKey | null {
  if (name.trim() === '') return 'settings.md.error.nameRequired';
  if (name.length > LIMITS.text) return 'settings.md.error.nameLong';
  return null;
}

/** A label's colour as the API takes it: `#rrggbb`. */
export function colorError(color: string): MessageKey | null {
  return /^#[0-9a-fA-F]{6}$/.test(color.trim()) ? null : 'settings.md.error.color';
}

/** A tax's rate typed as a percentage: a decimal number from -100 to 100 (the API's fraction from -1 to 1). */
export function taxRateError(fraction: number | undefined): MessageKey | null {
  if (fraction === undefined || !Number.isFinite(fraction)) return 'settings.md.error.rateNumber';
  return fraction < -1 || fraction > 1 ? 'settings.md.error.rateRange' : null;
}
