import type { FastifyRequest } from 'fastify';
import { ApiError, excerpt, invalid } from '../../core/errors.js';
import { markForm } from '../../core/form.js';
import { validatorCompiler } from '../../core/http/validation.js';
import type { BlobStorage } from '../../core/storage/index.js';
import { multipartFieldText } from '../../core/text.js';
import { StorageFailure, storeFilePart, type StoredContent } from '../files/index.js';
import { CreateRequest, type CreateRequestInput } from './schemas.js';

/** The most files one multipart body may carry: the parser's limit of file parts (files/upload.ts `multipartOptions`). */
export const MAX_FILES_PER_UPLOAD = 10;

const tooLarge = (max: number) =>
  // The rest of the body is not read: the connection closes after the answer.
  new ApiError('payload_too_large', `A file is larger than the upload limit of ${max} bytes: nothing was saved`, undefined, { Connection: 'close' });

/** The parser's failure as the API's refusal: too many parts (413) or a malformed body (400). */
function parserError(error: unknown, max: number): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413)
    return new ApiError(
      'payload_too_large',
      `The multipart body has too many parts or fields (at most ${MAX_FILES_PER_UPLOAD} files of at most ${max} bytes each): nothing was saved`,
    );
  return new ApiError('body_invalid', `The multipart body could not be read: ${error instanceof Error ? excerpt(error.message, 200) : 'malformed'}`);
}

type Validate = (data: unknown) => { value?: unknown; error?: Error };
let validate: Validate | undefined;

/** Validates the fields of a new request given as a form (strings, coerced by the schema): 400 per field, unknown fields included. */
export function validateFormFields(fields: Record<string, unknown>): CreateRequestInput {
  validate ??= validatorCompiler({ schema: CreateRequest, httpPart: 'body', method: 'POST', url: '' }) as unknown as Validate;
  const result = validate(markForm({ ...fields }));
  if (result.error) throw result.error;
  return result.value as CreateRequestInput;
}

/**
 * Reads a new request sent as multipart/form-data (docs/client-portal.md#requests): its text
 * fields (`targetLanguages` repeated, as `targetLanguages[]`, or one comma-separated list) and any
 * number of parts `file` (at most MAX_FILES_PER_UPLOAD), each streamed to storage up to `max`
 * bytes. On any refusal — a file over the limit (413), a malformed body, a field that is not valid
 * — every file stored so far is removed: nothing remains.
 */
export async function readRequestUpload(
  request: FastifyRequest,
  storage: BlobStorage,
  max: number,
): Promise<{ input: CreateRequestInput; stored: StoredContent[] }> {
  const stored: StoredContent[] = [];
  const fields: Record<string, unknown> = {};
  const targets: string[] = [];
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') {
          if (part.fieldname === 'file') throw invalid('file', 'must be a file (a part with a file name)');
          const text = multipartFieldText(part.value);
          if (part.fieldname === 'targetLanguages' || part.fieldname === 'targetLanguages[]') targets.push(...text.split(','));
          else if (!(part.fieldname in fields)) fields[part.fieldname] = text;
          continue;
        }
        if (part.fieldname !== 'file') {
          fields[part.fieldname] = '(a file)';
          for await (const _ of part.file);
          continue;
        }
        const content = await storeFilePart(part, storage, max, () => tooLarge(max));
        stored.push({ ...content, name: content.name || 'file' });
      }
    } catch (error) {
      if (error instanceof StorageFailure) throw error.failure;
      throw parserError(error, max);
    }
    const given = targets.map((code) => code.trim()).filter((code) => code !== '');
    if (targets.length > 0 || !('targetLanguages' in fields)) fields.targetLanguages = given;
    return { input: validateFormFields(fields), stored };
  } catch (error) {
    await storage.remove(stored.map((content) => content.blobId)).catch(() => {});
    throw error;
  }
}
