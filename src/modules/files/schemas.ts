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

/** docs/clients-suppliers.md#endpoints: supplier files are client files without sharing. */
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

/** Specification "File of a job" / "File of a group": the outsourcing the file is shared with. */
export const FileSharing = Type.Object({
  shareWithAll: Type.Boolean({ description: 'shared with every outsourcing' }),
  sharedWith: Type.Array(Type.String(), { description: 'ids of the outsourcing the file is shared with' }),
});

/** docs/files.md#sharing-with-the-client. */
const ShareWithClient = Type.Boolean({ description: "shared with the job's client: downloadable on the client portal" });

/** Only on deliverables: a file a supplier's person uploaded on the portal (docs/supplier-portal.md#files). */
export const FileDeliverable = Type.Optional(
  Type.Object(
    {
      outsourcingId: Type.String({ description: 'the outsourcing the file delivers' }),
      portalPersonId: Type.String({ description: "the supplier's portal person who uploaded it (GET /v2/suppliers/:id/portal-access names them)" }),
    },
    { description: "a deliverable uploaded by the supplier on the portal; absent for the agency's own files" },
  ),
);

/** Specification "File of a job"; `groupFileId` only on the files of the job's group (docs/files.md#files-of-jobs-and-groups). */
export const JobFile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    groupFileId: Type.Optional(Type.String({ description: "the group file, when the file is one of the job group's files" })),
    outsourcing: FileSharing,
    shareWithClient: ShareWithClient,
    deliverable: FileDeliverable,
    size: Type.Integer({ description: 'bytes' }),
    createdAt: DateOut(),
  },
  { title: 'jobFile' },
);
export type JobFileObject = Static<typeof JobFile>;

/** Specification "File of a group". */
export const GroupFile = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    outsourcing: FileSharing,
    shareWithClient: ShareWithClient,
    deliverable: FileDeliverable,
    size: Type.Integer({ description: 'bytes' }),
    createdAt: DateOut(),
  },
  { title: 'groupFile' },
);
export type GroupFileObject = Static<typeof GroupFile>;

export const ShareParams = Type.Object({ id: Id(), fileId: Id(), outsourcingId: Id() }, { additionalProperties: false });
export const UploadToOutsourcingParams = Type.Object({ id: Id(), outsourcingId: Id() }, { additionalProperties: false });
