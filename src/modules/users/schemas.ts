import { Type } from '@sinclair/typebox';
import { DateOut, Email, Input, Nullable, RequiredText } from '../../core/schemas.js';

/** A user of the account (docs/reference.md#users). */
export const User = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Nullable(Type.String()),
    isOwner: Type.Boolean({ description: 'the user created with the account' }),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'User' },
);

/** How other records embed a user (job `user`, note `user`, tracker `user`). */
export const UserRef = Type.Object({ id: Type.String(), name: Type.String() }, { title: 'User reference' });

export const CreateUser = Input({
  name: RequiredText('full name'),
  email: Type.Optional(Nullable(Email())),
});

export const UpdateUser = Input({
  name: Type.Optional(RequiredText('full name')),
  email: Type.Optional(Nullable(Email())),
});
