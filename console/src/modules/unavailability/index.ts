import { lazy } from 'react';

/** The door of a supplier's unavailability (docs/console.md#modules): its tab, a chunk of its own. */
export const SupplierUnavailabilitySection = lazy(() =>
  import('./unavailability-section').then((module) => ({ default: module.SupplierUnavailabilitySection })),
);
