/** What other modules may use of users: references to users (job, note and tracker `user`) and their schema. */
export { users, type UserObject, type UserReference } from './service.js';
export { User, UserRef } from './schemas.js';
