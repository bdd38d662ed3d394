/** The door of groups (docs/console.md#modules). */
export { clientOptionsQuery } from './queries';
