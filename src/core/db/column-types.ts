/**
 * Column value types shared by every row type: booleans are 0/1 integers, decimals are strings,
 * dates are ISO strings. A file of their own so that schema.ts and schema-records.ts both use them
 * without importing each other.
 */
export type Bool = number;
export type Decimal = string;
export type Iso = string;
