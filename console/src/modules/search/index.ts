/** The door of search (docs/console.md#modules): the header's global search. */
export { GlobalSearch } from './global-search';
