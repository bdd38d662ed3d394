import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, excerpt, invalid, missing } from '../../core/errors.js';
import { markForm } from '../../core/form.js';
import { boundedPart } from '../../core/http/multipart-part.js';
import { validatorCompiler } from '../../core/http/validation.js';
import { multipartFieldText } from '../../core/text.js';
import { sanitizeFileName } from '../files/index.js';
import { SubmitFields, type SubmitFieldsInput } from './schemas.js';

/** The most an invoice's PDF may weigh: 20 MiB, or MAX_UPLOAD_BYTES when it is lower. */
export const PDF_CAP_BYTES = 20 * 1024 * 1024;
export const pdfCap = (maxUploadBytes: number) => Math.min(maxUploadBytes, PDF_CAP_BYTES);

/** Every PDF file starts with these bytes (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** The media types a PDF part may declare: its own, or none in particular. */
const PDF_TYPES = new Set(['application/pdf', 'application/octet-stream']);

export interface InvoiceUpload {
  fields: SubmitFieldsInput;
  pdf: { bytes: Buffer; name: string; size: number; sha256: string };
}

const pdfPart = boundedPart('the PDF', (cap) => `The PDF is larger than the limit of ${cap} bytes`);

type Validate = (data: unknown) => { value?: unknown; error?: Error };
let validate: Validate | undefined;

/**
 * Reads a submission (docs/supplier-portal.md#invoices): multipart/form-data with the text fields
 * of `SubmitFields` (`purchaseOrderIds` repeated, or as `purchaseOrderIds[]`) and the PDF in the
 * part `file`, read into memory up to the cap (an invoice is small) so that nothing is stored
 * before the request is known to be whole and valid. The fields are validated as a form body
 * (400 per field, unknown fields included); the PDF must start with `%PDF-` (400 on `file`).
 */
export async function readInvoiceUpload(request: FastifyRequest, cap: number): Promise<InvoiceUpload> {
  if (!request.isMultipart()) {
    if (request.headers['content-type'] === undefined) throw missing('file');
    throw new ApiError('unsupported_media_type', 'Submit an invoice as multipart/form-data, its PDF in the part "file"');
  }
  const fields: Record<string, unknown> = {};
  const ids: string[] = [];
  let pdf: InvoiceUpload['pdf'] | undefined;
  let mediaType: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'file') throw invalid('file', 'must be a file (a part with a file name)');
        const text = multipartFieldText(part.value);
        if (part.fieldname === 'purchaseOrderIds' || part.fieldname === 'purchaseOrderIds[]') ids.push(text);
        else if (!(part.fieldname in fields)) fields[part.fieldname] = text;
        continue;
      }
      if (part.fieldname !== 'file' || pdf) {
        if (part.fieldname !== 'file') fields[part.fieldname] = '(a file)';
        await pdfPart.drain(part.file);
        continue;
      }
      const bytes = await pdfPart.read(part.file, cap);
      mediaType = part.mimetype;
      pdf = { bytes, name: sanitizeFileName(part.filename) || 'invoice.pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
  } catch (error) {
    throw pdfPart.parserError(error, cap);
  }
  if (ids.length > 0) fields.purchaseOrderIds = ids;
  validate ??= validatorCompiler({ schema: SubmitFields, httpPart: 'body', method: 'POST', url: '' }) as unknown as Validate;
  const result = validate(markForm({ ...fields }));
  if (result.error) throw result.error;
  if (!pdf) throw missing('file');
  if (mediaType !== undefined && !PDF_TYPES.has(mediaType.toLowerCase())) throw invalid('file', `must be a PDF (application/pdf), not ${excerpt(mediaType)}`);
  if (pdf.size < PDF_MAGIC.length || !pdf.bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC))
    throw invalid('file', 'must be a PDF file (it does not start with %PDF-)');
  return { fields: result.value as SubmitFieldsInput, pdf };
}
