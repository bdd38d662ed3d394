/** A supplier's unavailability calendar. (Being built: renders nothing yet.) */
export function SupplierUnavailabilitySection(_: { supplierId: string }) {
  return null;
}
