import { Type } from '@sinclair/typebox';
import { ArrayParam, DateInput, DateOut, Id, Input, Nullable, Paginated, pageQuery } from '../../core/schemas.js';
import { UserRef } from '../users/index.js';

/** Who made a change (docs/access.md#who-did-what). */
export const Actor = Type.Object(
  {
    type: Type.Union([Type.Literal('user'), Type.Literal('key'), Type.Literal('system'), Type.Literal('portal')], {
      description:
        '`user`: a person signed in (a session); `key`: an API key; `system`: Transdesk itself (start-up, the command line, changes made before actors were recorded); `portal`: a supplier’s person through the portal',
    }),
    user: Type.Union([UserRef, Type.Null()], { description: "the user (with their current name); a key's user for `key`; null for `system`" }),
    apiKeyId: Nullable(Type.String({ description: 'the API key of a `key` change, else null' })),
    portalPersonId: Nullable(
      Type.String({ description: 'the portal person of a `portal` change (GET /v2/suppliers/:id/portal-access lists them), else null' }),
    ),
  },
  { title: 'Event actor' },
);

/** One change (docs/reference.md#events). */
export const Event = Type.Object(
  {
    id: Type.String(),
    type: Type.String({
      description: '`<resource>.<created|updated|deleted>`, e.g. `job.updated`, or a moment such as `job.status_changed` (docs/webhooks.md#event-types)',
    }),
    data: Type.Object({}, { additionalProperties: true, description: 'the record after the change (its last state for a deletion)' }),
    actor: Actor,
    createdAt: DateOut(),
  },
  { title: 'Event' },
);

export const EventPage = Paginated(Event);

export const EVENT_SORTS = ['createdAt'] as const;

export const EventQuery = Input({
  ...pageQuery(EVENT_SORTS),
  type: ArrayParam(Type.String({ minLength: 1, maxLength: 100, description: 'event type; several values are OR' })),
  createdAfter: Type.Optional(DateInput('only events created strictly after this date')),
  userId: Type.Optional(Id('only the changes made by this user (signed in or through one of their keys)')),
  objectType: Type.Optional(
    Type.String({
      pattern: '^[a-z][A-Za-z]{0,49}$',
      description: 'only the events of this kind of record: the first part of the type (`job` for `job.updated`)',
    }),
  ),
  objectId: Type.Optional(Id('only the events of this record (with objectType): its history')),
});
