import { Type, type Static } from '@sinclair/typebox';
import { DateOut, Id, Input, Nullable } from '../../core/schemas.js';

/** A job's status as its client reads it (docs/jobs.md#status, by name). */
export const CLIENT_JOB_STATUSES = ['notStarted', 'inProgress', 'finished', 'invoiced', 'cancelled', 'onHold'] as const;
export type ClientJobStatus = (typeof CLIENT_JOB_STATUSES)[number];

/**
 * A job as its client sees it on the portal (docs/client-portal.md#jobs-and-deliveries): never a
 * price, a cost, a supplier, an outsourcing or a note. `dueDate` and `progress` only when the
 * agency shows them (account settings `clientsSeeDueDates`, `clientsSeeProgress`).
 */
export const ClientJob = Type.Object(
  {
    id: Type.String(),
    number: Nullable(Type.String({ description: 'the readable number `J-<year>-<NNNN>`' })),
    name: Type.String(),
    service: Type.String({ description: "the service's name" }),
    languages: Nullable(
      Type.Object({
        source: Nullable(Type.String({ description: 'language code; null for a target-only pair' })),
        target: Type.String({ description: 'language code' }),
      }),
    ),
    status: Type.Union(
      CLIENT_JOB_STATUSES.map((status) => Type.Literal(status)),
      { description: 'notStarted, inProgress, onHold (open); finished, invoiced, cancelled (finished)' },
    ),
    dueDate: Type.Optional(Nullable(DateOut({ description: 'absent when the agency does not show due dates' }))),
    progress: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description: 'per cent done, as the project manager records it (100 once finished); absent when the agency does not show progress',
      }),
    ),
    reference: Nullable(Type.String({ description: "the client's reference for the job" })),
    purchaseOrder: Nullable(Type.String({ description: "the client's purchase-order number" })),
    deliveredAt: Nullable(DateOut({ description: 'when the job was delivered (finished); null before' })),
    createdAt: DateOut(),
  },
  { title: 'clientJob' },
);
export type ClientJobObject = Static<typeof ClientJob>;

export const CLIENT_JOB_STATES = ['open', 'finished'] as const;
export type ClientJobState = (typeof CLIENT_JOB_STATES)[number];

export const ClientJobListQuery = Input({
  state: Type.Optional(
    Type.Union(
      CLIENT_JOB_STATES.map((state) => Type.Literal(state)),
      { description: 'open: not started, in progress, on hold; finished: finished, invoiced, cancelled. Default: all' },
    ),
  ),
});

/** One version of a deliverable: a file the agency shared with the client. */
export const ClientDeliverableVersion = Type.Object({
  id: Type.String({ description: 'the file id (download: GET …/files/{fileId})' }),
  size: Type.Integer({ description: 'bytes' }),
  deliveredAt: DateOut({ description: 'when the file was added to the job (or its group)' }),
});

/**
 * A deliverable (docs/client-portal.md#jobs-and-deliveries): the files shared with the client that
 * bear one name, newest first — the first is the current version, the others its history.
 */
export const ClientDeliverable = Type.Object(
  {
    name: Type.String(),
    latest: ClientDeliverableVersion,
    history: Type.Array(ClientDeliverableVersion, { description: 'earlier versions (same name), newest first' }),
  },
  { title: 'clientDeliverable' },
);
export type ClientDeliverableObject = Static<typeof ClientDeliverable>;

export const ClientJobParams = Type.Object({ id: Id('job id') }, { additionalProperties: false });
export const ClientJobFileParams = Type.Object({ id: Id('job id'), fileId: Id('file id') }, { additionalProperties: false });
