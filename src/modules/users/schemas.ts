import { Type } from '@sinclair/typebox';
import { DateOut, Email, Input, Nullable, RequiredText } from '../../core/schemas.js';

/** The roles of docs/access.md, from most to least powerful. */
export const ROLES = ['owner', 'admin', 'manager', 'finance', 'viewer'] as const;

export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'what the user may do (docs/access.md#roles)' },
);

/** A user of the account (docs/reference.md#users, docs/access.md). */
export const User = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Nullable(Type.String()),
    role: RoleSchema,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('disabled')], {
      description: '`invited` until the invitation is accepted; `disabled` users can neither sign in nor use their keys',
    }),
    isOwner: Type.Boolean({ description: 'role is `owner`' }),
    hasPassword: Type.Boolean({ description: 'the user can sign in with a password' }),
    lastLoginAt: Nullable(DateOut()),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'User' },
);

/** A single-use link made for a user (docs/access.md#invitations, #password-reset): shown once, to the owner or admin who made it. */
export const UserLink = Type.Object(
  {
    url: Type.String({ description: 'the link to give the user; the secret is in its fragment (`#token=…`), which never reaches a server log' }),
    expiresAt: DateOut(),
    emailed: Type.Boolean({ description: 'the link was e-mailed to the user (false without SMTP_URL, or when the SMTP server refused it)' }),
  },
  { title: 'User link' },
);

/** The answer of POST /v2/users: the user, and their invitation when they were created with an e-mail (the events show the user alone). */
export const CreatedUser = Type.Object(
  {
    ...User.properties,
    invitation: Type.Optional({ ...UserLink, description: 'present when the user was created with an e-mail (`invited`): their invitation' }),
  },
  { title: 'Created user' },
);

/** How other records embed a user (job `user`, note `user`, tracker `user`). */
export const UserRef = Type.Object({ id: Type.String(), name: Type.String() }, { title: 'User reference' });

export const CreateUser = Input({
  name: Type.Optional(RequiredText('full name; required without an e-mail, else the e-mail address until the person gives theirs')),
  email: Type.Optional(Nullable(Email())),
  role: Type.Optional(RoleSchema),
});

/** `PATCH /v2/users/me`: what every user may change of themselves (docs/access.md#users). */
export const UpdateOwnUser = Input({
  name: RequiredText('full name, as it shows on records, in the console and in the invitations the user sends'),
});

export const UpdateUser = Input({
  name: Type.Optional(RequiredText('full name')),
  email: Type.Optional(Nullable(Email())),
  role: Type.Optional(RoleSchema),
  disabled: Type.Optional(Type.Boolean({ description: 'true: the user can no longer sign in; their sessions and keys end at once' })),
});
