import { Type, type Static } from '@sinclair/typebox';
import { excerpt, invalid } from './errors.js';
import { isCountryCode } from './language.js';
import { Input, Nullable, Text } from './schemas.js';

/**
 * The postal address of the account, clients and suppliers: text fields are strings ('' when
 * unset), `country` an ISO 3166-1 alpha-2 code or null. Stored as JSON text.
 */
export const AddressObject = Type.Object(
  {
    name: Type.String(),
    street: Type.String(),
    city: Type.String(),
    postalCode: Type.String(),
    state: Type.String(),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 country code' })),
  },
  { title: 'Address' },
);
export type Address = Static<typeof AddressObject>;

/** Address parameters: each optional; on update, the ones not given stay unchanged. */
export const AddressInput = Input({
  name: Type.Optional(Text()),
  street: Type.Optional(Text()),
  city: Type.Optional(Text()),
  postalCode: Type.Optional(Text()),
  state: Type.Optional(Text()),
  country: Type.Optional(Nullable(Text({ description: 'ISO 3166-1 alpha-2 country code (any case); empty or null clears it' }))),
});
export type AddressPatch = Partial<Address>;

export const EMPTY_ADDRESS: Address = { name: '', street: '', city: '', postalCode: '', state: '', country: null };
const ADDRESS_TEXT = ['name', 'street', 'city', 'postalCode', 'state'] as const;

export function readAddress(stored: string): Address {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value === 'object' && value !== null) parsed = value as Record<string, unknown>;
  } catch {
    // A damaged value reads as an empty address.
  }
  const address: Address = { ...EMPTY_ADDRESS };
  for (const key of ADDRESS_TEXT) if (typeof parsed[key] === 'string') address[key] = parsed[key];
  if (typeof parsed.country === 'string' && parsed.country !== '') address.country = parsed.country;
  return address;
}

/** A partial address update: given fields replace (trimmed), others stay; `country` is validated and upper-cased. */
export function mergeAddress(current: Address, patch: AddressPatch, param = 'address'): Address {
  const address = { ...current };
  for (const key of ADDRESS_TEXT) if (patch[key] !== undefined) address[key] = patch[key].trim();
  if (patch.country !== undefined) {
    const country = patch.country === null ? '' : patch.country.trim().toUpperCase();
    if (country !== '' && !isCountryCode(country)) {
      throw invalid(`${param}[country]`, `"${excerpt(String(patch.country))}" is not an ISO 3166-1 alpha-2 country code (e.g. BE, US)`);
    }
    address.country = country === '' ? null : country;
  }
  return address;
}
