import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { ApiError, excerpt, invalid } from '../../core/errors.js';
import { markForm } from '../../core/form.js';
import { multipartFieldText } from '../../core/text.js';
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

const tooLarge = (cap: number) =>
  new ApiError('payload_too_large', `The report is larger than the limit of ${cap} bytes for CAT analysis reports`, undefined, { Connection: 'close' });

function parserError(error: unknown, cap: number): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) return new ApiError('payload_too_large', `The multipart body has too many parts or fields (the report is limited to ${cap} bytes)`);
  return new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);
}

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream);
}

async function readPart(file: Readable & { truncated?: boolean }, cap: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  // The multipart parser stops at MAX_UPLOAD_BYTES and says so: fail at once.
  file.once('limit', () => file.destroy(tooLarge(cap)));
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw tooLarge(cap);
    chunks.push(chunk);
  }
  if (file.truncated) throw tooLarge(cap);
  return new Uint8Array(Buffer.concat(chunks, size));
}

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
        await drain(part.file);
        continue;
      }
      result.bytes = await readPart(part.file, cap);
      result.name = sanitizeFileName(part.filename);
    }
  } catch (error) {
    throw parserError(error, cap);
  }
  return result;
}
