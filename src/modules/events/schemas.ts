import { Type } from '@sinclair/typebox';
import { ArrayParam, DateInput, DateOut, Input, Paginated, pageQuery } from '../../core/schemas.js';

/** One change (docs/reference.md#events). */
export const Event = Type.Object(
  {
    id: Type.String(),
    type: Type.String({ description: '`<resource>.<created|updated|deleted>`, e.g. `job.updated`' }),
    data: Type.Object({}, { additionalProperties: true, description: 'the record after the change (its last state for a deletion)' }),
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
});
