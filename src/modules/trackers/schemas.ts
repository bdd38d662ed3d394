import { Type, type Static } from '@sinclair/typebox';
import { DateInput, Id, Input } from '../../core/schemas.js';

/** Request schemas of the time trackers of a job (docs/trackers.md, specification "Time trackers of a job"). */

/** The largest duration accepted (10¹² ms, about 31.7 years): `from` + `duration` must stay a date. */
export const MAX_DURATION_MS = 1_000_000_000_000;

const Duration = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_DURATION_MS, description });

export const TrackerParams = Type.Object({ id: Id('job id'), trackerId: Id('time tracker entry id') }, { additionalProperties: false });

export const CreateTracker = Input({
  duration: Duration('milliseconds, a whole number ≥ 0'),
  from: DateInput('start of the entry (ISO 8601)'),
  billable: Type.Optional(Type.Boolean({ description: 'default false' })),
});
export type CreateTrackerInput = Static<typeof CreateTracker>;

export const StartTracker = Input({});

export const StopTracker = Input({
  duration: Type.Optional(Duration('milliseconds, a whole number ≥ 0; default: the time elapsed since `from`')),
});
export type StopTrackerInput = Static<typeof StopTracker>;

export const UpdateTracker = Input({
  billable: Type.Optional(Type.Boolean()),
  duration: Type.Optional(Duration('milliseconds, a whole number ≥ 0 (not while the entry runs)')),
  from: Type.Optional(DateInput('start of the entry (ISO 8601)')),
});
export type UpdateTrackerInput = Static<typeof UpdateTracker>;
