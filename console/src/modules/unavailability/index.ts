import { lazy } from 'react';

/** The door of a supplier's unavailability (docs/console.md#modules): its tab, a chunk of its own. */
export const SupplierUnavailabilitySection = lazy(() =>
  import('./unavailability-section').then((module) => ({ default: module.SupplierUnavailabilitySection })),
);

/** Whole days ↔ the API's instants, for the supplier portal's page of periods away (modules/portal). */
export { dayOf, dayStart, daysOfPeriod, isNow, periodOfDays } from './unavailability-dates';
