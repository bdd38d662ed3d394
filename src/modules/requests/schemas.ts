import { Type, type Static } from '@sinclair/typebox';
import { DateInput, DateOut, Id, Nullable, pageQuery, Paginated, Reference } from '../../core/schemas.js';

/** The statuses of a request (docs/client-portal.md#requests). */
export const REQUEST_STATUSES = ['new', 'quoted', 'converted', 'declined', 'withdrawn'] as const;
export const RequestStatus = Type.Union(
  REQUEST_STATUSES.map((status) => Type.Literal(status)),
  { description: '`new` (the agency has not answered: the client may edit or withdraw it), `quoted`, `converted`, `declined`, `withdrawn` (by the client)' },
);

const LanguageCode = (description: string) => Type.String({ minLength: 2, maxLength: 10, description });
const Language = Type.Object({ code: Type.String(), name: Type.String() });

/** The fields a client's person fills in (JSON, or the text parts of multipart/form-data). */
const fields = {
  service: Id('the service asked for (one of the `services` of GET /v2/portal/client/request-form)'),
  sourceLanguage: LanguageCode('the language of the files, e.g. `en` or `en-GB`'),
  targetLanguages: Type.Array(LanguageCode('a language to translate into'), {
    minItems: 1,
    maxItems: 50,
    description: 'one or more languages, distinct, none the source language (in a form: the field repeated, or one comma-separated list)',
  }),
  dueDate: Type.Optional(Nullable(DateInput('when the client needs the work'))),
  reference: Type.Optional(Type.String({ maxLength: 255, description: "the client's own reference" })),
  purchaseOrder: Type.Optional(Type.String({ maxLength: 255, description: "the client's purchase-order number" })),
  message: Type.Optional(Type.String({ maxLength: 10_000, description: 'anything the agency should know' })),
};

export const CreateRequest = Type.Object(
  {
    ...fields,
    acceptTerms: Type.Optional(Type.Boolean({ description: 'required (true) when the agency has terms (a text or a PDF): the acceptance is recorded' })),
  },
  { additionalProperties: false },
);
export type CreateRequestInput = Static<typeof CreateRequest>;

export const UpdateRequest = Type.Object(
  {
    service: Type.Optional(fields.service),
    sourceLanguage: Type.Optional(fields.sourceLanguage),
    targetLanguages: Type.Optional(fields.targetLanguages),
    dueDate: fields.dueDate,
    reference: fields.reference,
    purchaseOrder: fields.purchaseOrder,
    message: fields.message,
  },
  { additionalProperties: false },
);
export type UpdateRequestInput = Static<typeof UpdateRequest>;

export const RequestFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  createdAt: DateOut(),
});
export type RequestFileObject = Static<typeof RequestFile>;

const common = {
  id: Type.String(),
  number: Type.String({ description: 'the per-account number: `R-` and at least four digits (R-0001)' }),
  status: RequestStatus,
  service: Reference,
  sourceLanguage: Language,
  targetLanguages: Type.Array(Language),
  dueDate: Nullable(DateOut()),
  reference: Type.String(),
  purchaseOrder: Type.String(),
  message: Type.String(),
  declineReason: Nullable(Type.String()),
  termsAcceptedAt: Nullable(DateOut({ description: "when the agency's terms were accepted (null: it had none)" })),
  answeredAt: Nullable(DateOut({ description: 'when the agency answered (quoted, converted or declined)' })),
  files: Type.Array(RequestFile),
  createdAt: DateOut(),
  updatedAt: DateOut(),
  version: Type.Integer(),
};

/** A request as its client's people see it on the portal. */
export const PortalRequest = Type.Object(common);
export type PortalRequestObject = Static<typeof PortalRequest>;

/** A request as the agency sees it. */
export const Request = Type.Object({
  ...common,
  client: Reference,
  requestedBy: Type.Object({ portalPersonId: Type.String(), name: Type.String() }, { description: "the client's person who asked" }),
  terms: Nullable(
    Type.Object(
      {
        acceptedAt: DateOut(),
        text: Type.String({ description: 'the terms text in force when the request was made ("" when none)' }),
        pdfSha256: Nullable(Type.String({ description: 'the SHA-256 of the terms PDF in force then (null when none)' })),
      },
      { description: 'what the client accepted with the request (null: the agency had no terms then)' },
    ),
  ),
  answeredByUserId: Nullable(Type.String()),
  conversion: Nullable(
    Type.Object(
      { jobIds: Type.Array(Type.String()), groupId: Nullable(Type.String()), quoteId: Nullable(Type.String()) },
      { description: 'what the conversion made (status `converted`)' },
    ),
  ),
});
export type RequestObject = Static<typeof Request>;

export const RequestPage = Paginated(Request);

export const REQUEST_SORTS = ['createdAt', 'updatedAt', 'dueDate'] as const;
export const RequestQuery = Type.Object(
  {
    ...pageQuery(REQUEST_SORTS),
    status: Type.Optional(RequestStatus),
    clientId: Type.Optional(Id('only the requests of this client')),
  },
  { additionalProperties: false },
);
export type RequestQueryInput = Static<typeof RequestQuery>;

export const PortalRequestQuery = Type.Object({ status: Type.Optional(RequestStatus) }, { additionalProperties: false });

export const DeclineRequest = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 2000, description: 'why the agency declines (the client reads it on the portal)' }) },
  { additionalProperties: false },
);
export const NoParameters = Type.Object({}, { additionalProperties: false });

export const RequestFileParams = Type.Object({ id: Id(), fileId: Id() }, { additionalProperties: false });

/** What the request form needs. */
export const RequestForm = Type.Object({
  terms: Type.Object({
    text: Type.String({ description: "the agency's terms text (empty: none)" }),
    pdf: Nullable(
      Type.Object({ name: Type.String(), size: Type.Integer() }, { description: 'the terms PDF (GET /v2/portal/client/request-terms.pdf), null when none' }),
    ),
    acceptanceRequired: Type.Boolean({ description: 'the agency has terms: a request needs `acceptTerms` true' }),
  }),
  services: Type.Array(Reference, { description: "the agency's services that are not disabled" }),
  languages: Type.Array(Language, {
    description: "the languages of the agency's language pairs that are not disabled (suggestions: any language code is accepted)",
  }),
  maxFileBytes: Type.Integer({ description: 'the largest file accepted, in bytes' }),
  maxFilesPerUpload: Type.Integer({ description: 'the most files one upload (one multipart body) may carry' }),
});
export type RequestFormObject = Static<typeof RequestForm>;

/** The terms PDF as the account settings tell of it. */
export const TermsPdf = Type.Object({ name: Type.String(), size: Type.Integer(), sha256: Type.String(), updatedAt: DateOut() });
export type TermsPdfObject = Static<typeof TermsPdf>;
