/** What other modules may use of users: references to users (job, note and tracker `user`), their schema, the e-mail key. */
export { users, toUserObject, emailKeyOf, type UserObject, type UserReference } from './service.js';
export { User, UserRef, UserLink, ROLES, RoleSchema } from './schemas.js';
export { userRepository, type UserRow } from './repository.js';
export type { UserRouteDeps, IssuedInvitation } from './routes.js';
