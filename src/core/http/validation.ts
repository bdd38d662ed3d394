import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError, excerpt, type ErrorCode, type ErrorDetail } from '../errors.js';
import { isForm } from '../form.js';
import { isValidDateInput } from '../dates.js';
import { isCurrencyCode } from '../money.js';
import { findInvalidText, printable } from '../text.js';

/**
 * Request validation: one AJV compile per route part, with our own coercion for form bodies,
 * query strings and path parameters (docs/reference.md#form-values-and-brackets), strict types for JSON bodies, and AJV errors
 * mapped to the codes of docs/reference.md#error-codes.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export const ajv = new Ajv({
  allErrors: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
  allowUnionTypes: true,
  messages: true,
  // NaN and ±Infinity (JSON `1e400` parses to Infinity) are not numbers a parameter may take.
  strictNumbers: true,
  // Errors carry their schema: the `x-id` marker and the literals of a union name the allowed values.
  verbose: true,
});
addFormats(ajv);
ajv.addFormat('iso-date', { type: 'string', validate: isValidDateInput });
ajv.addFormat('email-address', {
  type: 'string',
  validate: (value: string) => /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(value),
});
ajv.addFormat('currency-code', { type: 'string', validate: isCurrencyCode });
ajv.addKeyword({ keyword: 'x-id' });

type Schema = Record<string, unknown>;

const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

function typesOf(schema: Schema | undefined, out = new Set<string>()): Set<string> {
  if (!schema) return out;
  const type = schema.type;
  if (typeof type === 'string') out.add(type);
  else if (Array.isArray(type)) for (const t of type) out.add(String(t));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) for (const member of members) typesOf(member as Schema, out);
  }
  if (schema.const === null) out.add('null');
  return out;
}

/** The member of a union with the given type (an array or object schema inside `anyOf`). */
function memberOfType(schema: Schema, type: string): Schema | undefined {
  if (schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type))) return schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) {
      for (const member of members) {
        const found = memberOfType(member as Schema, type);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies keep their native types; the one rule they share with forms: an empty string given
 * for a parameter that may be null means null (docs/development.md, "Empty values").
 */
export function emptyToNull(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (value === '') return typesOf(schema).has('null') ? null : value;
  if (Array.isArray(value)) {
    const items = memberOfType(schema, 'array')?.items as Schema | undefined;
    return items ? value.map((item) => emptyToNull(items, item)) : value;
  }
  if (typeof value === 'object' && value !== null) {
    const properties = memberOfType(schema, 'object')?.properties as Record<string, Schema> | undefined;
    if (!properties) return value;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) record[key] = emptyToNull(properties[key], record[key]);
    }
  }
  return value;
}

/** Coerces form strings by the schema: booleans, decimal numbers, nulls, single values into arrays. */
export function coerce(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return value;
  const types = typesOf(schema);
  if (typeof value === 'string') {
    if (types.has('null') && (value === '' || value === 'null')) return null;
    if (types.has('string')) return value;
    if ((types.has('number') || types.has('integer')) && DECIMAL.test(value)) return Number(value);
    if (types.has('boolean')) {
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
    }
    if (types.has('array')) {
      if (value === '') return [];
      const arraySchema = memberOfType(schema, 'array');
      return [coerce(arraySchema?.items as Schema | undefined, value)];
    }
    return value;
  }
  if (Array.isArray(value)) {
    const arraySchema = memberOfType(schema, 'array');
    if (!arraySchema) return value;
    return value.map((item) => coerce(arraySchema.items as Schema | undefined, item));
  }
  if (typeof value === 'object' && value !== null) {
    const objectSchema = memberOfType(schema, 'object');
    const properties = objectSchema?.properties as Record<string, Schema> | undefined;
    if (!properties) return value;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) record[key] = coerce(properties[key], record[key]);
    }
  }
  return value;
}

function paramName(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  // Names come from the caller (unknown parameters): quoted as a short excerpt.
  for (let index = 0; index < parts.length; index++) parts[index] = excerpt(printable(parts[index]!));
  if (parts.length === 0) return '';
  return (
    parts[0] +
    parts
      .slice(1)
      .map((part) => `[${part}]`)
      .join('')
  );
}

/** At most this many names in a summary message (every one stays in `details`, up to errors.ts's bound). */
const NAMES_IN_MESSAGE = 10;

function listed(names: string[]): string {
  if (names.length <= NAMES_IN_MESSAGE) return names.join(', ');
  return `${names.slice(0, NAMES_IN_MESSAGE).join(', ')} and ${names.length - NAMES_IN_MESSAGE} more`;
}

const PRIORITY: ErrorCode[] = ['parameter_unknown', 'parameter_missing', 'parameter_invalid'];

/** The values a union of literals allows (`Type.Union([Type.Literal('a'), …])`, maybe nullable), or undefined. */
function literalValues(schema: Schema | undefined): unknown[] | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if (schema.type === 'null') return [null];
  const members = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const values: unknown[] = [];
  for (const member of members) {
    const memberValues = literalValues(member as Schema);
    if (!memberValues) return undefined;
    values.push(...memberValues);
  }
  return values;
}

function oneOfMessage(values: unknown[]): string {
  const listed = values
    .filter((value) => value !== null)
    .map(String)
    .join(', ');
  return `must be one of: ${listed}${values.includes(null) ? ' or null' : ''}`;
}

/** Turns AJV errors into one ApiError with a detail per parameter. */
export function toApiError(errors: ErrorObject[], part: string): ApiError {
  const byParam = new Map<string, { code: ErrorCode; types: string[]; messages: string[] }>();
  const note = (param: string, code: ErrorCode, message?: string, type?: string) => {
    let entry = byParam.get(param);
    if (!entry) byParam.set(param, (entry = { code, types: [], messages: [] }));
    if (PRIORITY.indexOf(code) < PRIORITY.indexOf(entry.code)) entry.code = code;
    if (type) entry.types.push(type);
    if (message && !entry.messages.includes(message)) entry.messages.push(message);
  };
  // A union of literals is reported once, with its values, instead of one error per member.
  const summarised: string[] = [];
  for (const error of errors) {
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && literalValues(error.parentSchema)) {
      summarised.push(`${error.schemaPath}/`);
    }
  }
  for (const error of errors) {
    if (summarised.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    if (error.keyword === 'required') {
      note(paramName(error.instancePath, String(error.params.missingProperty)), 'parameter_missing', 'is required');
    } else if (error.keyword === 'additionalProperties') {
      note(paramName(error.instancePath, String(error.params.additionalProperty)), 'parameter_unknown', 'is not a parameter of this endpoint');
    } else if (error.keyword === 'type') {
      const type = String(error.params.type);
      note(paramName(error.instancePath), 'parameter_invalid', undefined, type);
    } else if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      const values = literalValues(error.parentSchema);
      note(paramName(error.instancePath), 'parameter_invalid', values ? oneOfMessage(values) : undefined);
    } else if (error.keyword === 'enum') {
      note(paramName(error.instancePath), 'parameter_invalid', oneOfMessage(error.params.allowedValues as unknown[]));
    } else if (error.keyword === 'format') {
      const format = String(error.params.format);
      const message =
        format === 'iso-date'
          ? 'must be an ISO 8601 date'
          : format === 'email-address'
            ? 'must be an email address'
            : format === 'currency-code'
              ? 'must be an ISO 4217 currency code (e.g. EUR)'
              : `must be a valid ${format}`;
      note(paramName(error.instancePath), 'parameter_invalid', message);
    } else if (error.keyword === 'pattern' && error.parentSchema?.['x-id']) {
      note(paramName(error.instancePath), 'parameter_invalid', 'must be an identifier (24 hexadecimal characters)');
    } else if (error.keyword === 'const') {
      note(paramName(error.instancePath), 'parameter_invalid', `must be ${JSON.stringify(error.params.allowedValue)}`);
    } else {
      note(paramName(error.instancePath), 'parameter_invalid', error.message ?? 'is invalid');
    }
  }
  const details: ErrorDetail[] = [];
  let code: ErrorCode = 'parameter_invalid';
  let best = PRIORITY.length;
  for (const [param, entry] of byParam) {
    const messages = [...entry.messages];
    // A nullable value of the right type that breaks a rule: "must be null" is noise there.
    const types = [...new Set(entry.types)].filter((type) => type !== 'null' || messages.length === 0);
    if (types.length > 0) messages.unshift(`must be ${types.join(' or ')}`);
    if (messages.length === 0) messages.push('is invalid');
    const name = param || part;
    details.push({ param: name, message: messages.join('; ') });
    const rank = PRIORITY.indexOf(entry.code);
    if (rank < best) {
      best = rank;
      code = entry.code;
    }
  }
  const first = details[0]!;
  const named = (wanted: ErrorCode) => listed(details.filter((d) => byParam.get(d.param)?.code === wanted).map((d) => d.param));
  const summary =
    code === 'parameter_unknown'
      ? `Unknown parameter: ${named('parameter_unknown')}`
      : code === 'parameter_missing'
        ? `Missing required parameter: ${named('parameter_missing')}`
        : `Invalid parameter ${first.param}: ${first.message}`;
  return new ApiError(code, summary, details);
}

const compiled = new WeakMap<object, ValidateFunction>();

function compile(schema: Schema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Path parameters that are ids answer 404 when malformed (docs/reference.md#error-codes), other path values 400. */
function paramsError(schema: Schema, errors: ErrorObject[]): ApiError {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const error of errors) {
    const name = paramName(error.instancePath);
    if (properties[name]?.['x-id']) return new ApiError('resource_missing', 'Resource not found');
  }
  return toApiError(errors, 'path');
}

function invalidTextError(value: unknown, part: string | undefined): ApiError | undefined {
  const found = findInvalidText(value);
  if (found === undefined) return undefined;
  const param = excerpt(found.param) || (part ?? 'body');
  return new ApiError('parameter_invalid', `Invalid parameter ${param}: ${found.problem}`, [{ param, message: found.problem }]);
}

export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => {
  const validate = compile(schema);
  return (data: unknown) => {
    let value = data;
    if (value === undefined || value === null) {
      if (httpPart === 'body' && typesOf(schema).has('object')) value = {};
    }
    // Text that is not valid Unicode (malformed UTF-8, a lone surrogate, NUL: text.ts) is refused
    // naming the parameter, before the schema sees it; in a path, after (a malformed id is 404).
    if (httpPart !== 'params') {
      const error = invalidTextError(value, httpPart);
      if (error) return { error };
    }
    value = httpPart !== 'body' || isForm(value) ? coerce(schema, value) : emptyToNull(schema, value);
    if (validate(value)) {
      const error = httpPart === 'params' ? invalidTextError(value, httpPart) : undefined;
      return error ? { error } : { value };
    }
    const errors = validate.errors ?? [];
    const error = httpPart === 'params' ? paramsError(schema, errors) : toApiError(errors, httpPart ?? 'body');
    return { error };
  };
};
