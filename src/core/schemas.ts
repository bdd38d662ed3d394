import { Type, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';
import { ID_PATTERN } from './ids.js';

/**
 * Shared TypeBox shapes. One schema validates the request, types the handler, serialises the
 * response and documents the route in OpenAPI.
 */
export const Id = (description = 'identifier (24 hexadecimal characters)') => Type.String({ pattern: ID_PATTERN, 'x-id': true, description });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Text = (options: { maxLength?: number; minLength?: number; description?: string } = {}) => Type.String({ maxLength: 255, ...options });
/** A text field of an answer that is null when unset (an empty value of its parameter means null). */
export const TextOrNull = () => Nullable(Type.String());
export const RequiredText = (description?: string) => Type.String({ minLength: 1, maxLength: 255, ...(description ? { description } : {}) });
export const RichText = () => Type.String({ maxLength: 100_000, description: 'rich text (HTML allow-list, or plain text)' });
export const DateInput = (description = 'ISO 8601 date or date-time (UTC when no offset is given)') =>
  Type.String({ format: 'iso-date', maxLength: 40, description });
export const DateOut = (options: { description?: string } = {}) => Type.String({ format: 'date-time', ...options });
export const CurrencyCode = () => Type.String({ format: 'currency-code', description: 'ISO 4217 currency code' });
export const Email = () => Type.String({ format: 'email-address', maxLength: 255 });
/** Amounts in the API are JSON numbers; they are handled as exact decimals inside. */
export const Amount = (options: { minimum?: number; maximum?: number; description?: string } = {}) =>
  Type.Number({ minimum: -1e12, maximum: 1e12, ...options });

export const Reference = Type.Object({ id: Type.String(), name: Type.String() }, { $id: undefined });
export const CurrencyObject = Type.Object({ code: Type.String(), symbol: Type.String() });

export const IdParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const EmptyBody = Type.Object({}, { additionalProperties: false });
export const EmptyQuery = Type.Object({}, { additionalProperties: false });

/** A strict request object: unknown parameters are rejected with 400 `parameter_unknown`. */
export const Input = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

export const ErrorResponse = Type.Object(
  {
    message: Type.String(),
    name: Type.String(),
    code: Type.String(),
    id: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ param: Type.String(), message: Type.String() }))),
  },
  { description: 'Error' },
);

export const Paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    pageSize: Type.Integer(),
    page: Type.Integer(),
    totalPages: Type.Integer(),
    totalItems: Type.Integer(),
    hasNextPage: Type.Boolean(),
    hasPreviousPage: Type.Boolean(),
  });

/** Query parameters of every paginated listing (docs/reference.md#paginated-listings), with the resource's sort keys. */
export const pageQuery = <S extends string>(sorts: readonly S[]) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  sort: Type.Optional(
    Type.Union(
      sorts.map((s) => Type.Literal(s)),
      { default: 'createdAt' },
    ),
  ),
  direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
  format: ListFormat(),
});

/**
 * `format` of every paginated listing (docs/reference.md#csv-export): `csv` answers every row as a
 * CSV download (core/http/csv-export.ts, which also refuses to start an app whose paginated
 * listing has no export configured). The mark tells the export and the OpenAPI document which
 * routes take it.
 */
export const LIST_FORMAT_MARK = 'x-list-format';
export const ListFormat = () =>
  Type.Optional(
    // No `default`: a default would be written into every query the services are given.
    Type.Union([Type.Literal('json'), Type.Literal('csv')], {
      description: '`json` (when absent): the page; `csv`: every row matching the filters, in the order asked, as a CSV file (page and pageSize are ignored)',
      [LIST_FORMAT_MARK]: true,
    }),
  );

/**
 * The mark of a `format` parameter by which a route answers a file it makes itself (the reports'
 * CSV and XLSX, docs/reports.md), not the listings' export: it tells the two kinds of CSV answer
 * apart where the OpenAPI document is read (test/http/platform/list-exports.test.ts).
 */
export const FILE_FORMAT_MARK = 'x-file-format';

/** An array filter: `name[]=a&name[]=b` or a repeated `name=a&name=b`. */
export const ArrayParam = <T extends TSchema>(item: T) => Type.Optional(Type.Array(item, { maxItems: 100 }));

/** A binary answer (a download, a PDF): documented under its media type, not as JSON. */
export const Binary = (description: string, mediaType?: string) =>
  Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description, ...(mediaType ? { contentMediaType: mediaType } : {}) });

export const errorResponses = {
  '4xx': ErrorResponse,
};

export type Obj<T extends TProperties> = TObject<T>;
