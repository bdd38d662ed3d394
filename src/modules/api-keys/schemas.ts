import { Type } from '@sinclair/typebox';
import { DateOut, Id, Input, Nullable, RequiredText } from '../../core/schemas.js';
import { UserRef } from '../users/index.js';

const Scope = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description: "`write` may do what its user's role allows; `read` only GET and HEAD (docs/access.md#api-keys)",
});

const keyProperties = {
  id: Type.String(),
  name: Type.String({ description: 'what the key is for (empty for keys made before keys had names)' }),
  prefix: Type.String({ description: 'the first characters of the key, to recognise it' }),
  scope: Scope,
  user: UserRef,
  createdAt: DateOut(),
  lastUsedAt: Nullable(DateOut()),
  revokedAt: Nullable(DateOut()),
};

/** An API key, never its secret (docs/access.md#api-keys). */
export const ApiKey = Type.Object(keyProperties, { title: 'API key' });

/** The answer of a creation: the key and its secret, shown this once. */
export const NewApiKey = Type.Object(
  { ...keyProperties, secret: Type.String({ description: 'the key itself: shown only in this answer, stored only as a hash' }) },
  { title: 'New API key' },
);

export const CreateApiKey = Input({
  name: RequiredText('what the key is for'),
  scope: Type.Optional(Scope),
  userId: Type.Optional(Id('the user the key acts as (owner and admin only; default: the caller)')),
});

export const ApiKeyQuery = Input({
  userId: Type.Optional(Id('only the keys of this user')),
});
