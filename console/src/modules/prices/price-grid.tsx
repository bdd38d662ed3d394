import type { PriceOwner } from './price-owner';

/** An editable grid of prices with their match rates. (Being built: renders nothing yet.) */
export function PriceGrid(_: { owner: PriceOwner }) {
  return null;
}
