import { Type, type Static } from '@sinclair/typebox';
import { DateOut, Id } from '../../core/schemas.js';

/** Specification "File of a client". */
export const ClientFile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    shareOnJobs: Type.Boolean({ description: 'true when the file is shared on jobs' }),
    size: Type.Integer({ description: 'bytes' }),
    createdAt: DateOut(),
  },
  { title: 'clientFile' },
);
export type ClientFileObject = Static<typeof ClientFile>;

/** DESIGN §8.4: supplier files are client files without sharing. */
export const SupplierFile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    size: Type.Integer({ description: 'bytes' }),
    createdAt: DateOut(),
  },
  { title: 'supplierFile' },
);
export type SupplierFileObject = Static<typeof SupplierFile>;

export const FileParams = Type.Object({ id: Id(), fileId: Id() }, { additionalProperties: false });

/** OpenAPI description of an upload body (validation is done while streaming, not by AJV). */
export const UploadBody = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'the file (required); other fields are ignored' } },
  required: ['file'],
} as const;
