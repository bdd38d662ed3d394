/** The door of users (docs/console.md#modules). */
export { usersQuery } from './queries';
export type { User } from './user-rules';
