import { AREA_NAMES } from '../../core/access.js';
import { Type } from '@sinclair/typebox';
import { EmptyQuery, Input } from '../../core/schemas.js';
import { PASSWORD_MAX_CHARS } from '../../core/passwords.js';
import { User } from '../users/index.js';

/**
 * Passwords are limited in the schema too: a longer one is refused (400) before anything hashes it.
 * The minimum (10 characters) is checked where a password is chosen, not where one is given.
 */
const Password = (description: string) => Type.String({ minLength: 1, maxLength: PASSWORD_MAX_CHARS, description });
const EmailGiven = () => Type.String({ minLength: 1, maxLength: 255, description: 'the e-mail address the user signs in with (any case)' });
/** Link tokens are 43 characters; a longer value is no token. */
const LinkToken = () => Type.String({ minLength: 1, maxLength: 200, description: 'the token of the link (after `#token=`)' });

export const Login = Input({
  email: EmailGiven(),
  password: Password('the password'),
});

export const ChangePassword = Input({
  currentPassword: Password('the password the caller signs in with now'),
  password: Password('the new password: 10 to 256 characters'),
});

export const OwnerSetup = Input({
  token: LinkToken(),
  email: Type.String({ format: 'email-address', maxLength: 255, description: 'the e-mail address the owner will sign in with' }),
  password: Password('the password the owner chooses: 10 to 256 characters'),
});

/**
 * The schema settings of an operation anyone may call (sign-in, a link redeemed): form and JSON
 * bodies like every route, no query parameters, and an empty `security` in the document. The
 * route itself also sets `config: { public: true }`.
 */
export const PUBLIC_OPERATION = { consumes: ['application/x-www-form-urlencoded', 'application/json'], querystring: EmptyQuery, security: [] };

export const SignedIn = Type.Object(
  {
    user: User,
    csrfToken: Type.String({ description: 'send it as the X-CSRF-Token header with every write authenticated by the session cookie' }),
  },
  { title: 'Signed in' },
);

export const CurrentSession = Type.Object(
  {
    user: User,
    method: Type.Union([Type.Literal('session'), Type.Literal('key')], { description: 'how the caller authenticated' }),
    csrfToken: Type.Union([Type.String(), Type.Null()], { description: "the session's CSRF token; null for an API key (which needs none)" }),
    writableAreas: Type.Array(Type.Union(AREA_NAMES.map((area) => Type.Literal(area))), {
      description: "the areas of the role matrix the caller's role may change (every role reads all of them); the web console offers only these changes",
    }),
  },
  { title: 'Current session' },
);
