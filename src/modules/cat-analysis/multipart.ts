import type { FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { invalid } from '../../core/errors.js';
import { markForm } from '../../core/form.js';
import { multipartFieldText } from '../../core/text.js';
import { boundedPart } from '../../core/http/multipart-part.js';
import { validatorCompiler } from '../../core/http/validation.js';
import { sanitizeFileName } from '../files/index.js';

/**
 * The multipart body of the CAT analysis endpoints: the report in the part `file`, read into
 * memory (reports are small: a few KB to a few MB) up to a cap, and the text fields validated by
 * a schema as a form body would be (unknown fields: 400 `parameter_unknown`).
 */
export const REPORT_CAP_BYTES = 50 * 1024 * 1024;

/** The most a report may weigh: MAX_UPLOAD_BYTES, at most 50 MiB. */
export const reportCap = (maxUploadBytes: number) => Math.min(maxUploadBytes, REPORT_CAP_BYTES);

export interface ReportUpload {
  /** The bytes of the part `file`, when there was one. */
  bytes?: Uint8Array;
  /** The stored name of the file (sanitised as for any upload). */
  name?: string;
  fields: Record<string, unknown>;
}

const reportPart = boundedPart('the report', (cap) => `The report is larger than the limit of ${cap} bytes for CAT analysis reports`);

const validators = new WeakMap<TSchema, (data: unknown) => { value?: unknown; error?: Error }>();

/** Validates text fields with the schema of the endpoint, coerced as a form body. */
export function validateFields<T>(schema: TSchema, fields: Record<string, unknown>): T {
  let validate = validators.get(schema);
  if (!validate) {
    validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '' }) as (data: unknown) => { value?: unknown; error?: Error };
    validators.set(schema, validate);
  }
  const result = validate(markForm({ ...fields }));
  if (result.error) throw result.error;
  return result.value as T;
}

/**
 * Reads the multipart body: the first part `file` (a file part; a text field `file` is 400), other
 * file parts are read and ignored, text fields collected (a repeated field keeps its first value).
 * Over the cap: 413; a malformed or cut body: 400 `body_invalid`.
 */
export async function readReportUpload(request: FastifyRequest, cap: number): Promise<ReportUpload> {
  const result: ReportUpload = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'file') throw invalid('file', 'must be a file (a part with a file name)');
        if (!(part.fieldname in result.fields)) result.fields[part.fieldname] = multipartFieldText(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || result.bytes) {
        if (part.fieldname !== 'file') result.fields[part.fieldname] = '(a file)';
        await reportPart.drain(part.file);
        continue;
      }
      result.bytes = new Uint8Array(await reportPart.read(part.file, cap));
      result.name = sanitizeFileName(part.filename);
    }
  } catch (error) {
    throw reportPart.parserError(error, cap);
  }
  return result;
}
