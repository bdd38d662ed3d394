import { lazy } from 'react';

/**
 * The door of prices (docs/console.md#modules): a party's price grid (a chunk of its own, loaded
 * when its tab opens) and the query its page asks for while that code loads.
 */
export const PriceGrid = lazy(() => import('./price-grid').then((module) => ({ default: module.PriceGrid })));
export type { PriceOwner } from './price-owner';
export { ownerConfig } from './price-owners';
export { pricesQuery } from './price-queries';
