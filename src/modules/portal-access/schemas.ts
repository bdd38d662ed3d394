import { Type } from '@sinclair/typebox';
import { DocumentLanguageSchema } from '../../core/document-languages.js';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../../core/passwords.js';
import { DateOut, EmptyQuery, Id, Input, Nullable } from '../../core/schemas.js';

const Permissions = (description: string) =>
  Type.Array(Type.Union([Type.Literal('request'), Type.Literal('approve'), Type.Literal('invoices')]), { maxItems: 3, uniqueItems: true, description });

/** A person given portal access, as the agency sees them on the party's page (docs/supplier-portal.md#people). */
export const PortalPerson = Type.Object(
  {
    id: Type.String(),
    contact: Type.Object({ id: Type.String(), fullName: Type.String(), email: Nullable(Type.String()) }, { description: 'the contact the person signs in as' }),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked')], { description: '`revoked`: access withdrawn, sessions ended, links void' }),
    language: Nullable(DocumentLanguageSchema("the person's own choice of language; null: the party's document language")),
    permissions: Permissions("a client's person: what they may do (`request` work, `approve` quotes, see `invoices`); empty for a supplier's"),
    createdAt: DateOut(),
    lastSignInAt: Nullable(DateOut()),
  },
  { title: 'Portal person' },
);

export const PortalLink = Type.Object(
  {
    url: Type.String({ description: 'the single-use sign-in link (give it to the person yourself when e-mail is not configured)' }),
    expiresAt: DateOut(),
    emailed: Type.Boolean({ description: 'the link was handed to the SMTP server' }),
  },
  { title: 'Portal sign-in link' },
);

export const PortalAccessGranted = Type.Object({ person: PortalPerson, link: PortalLink }, { title: 'Portal access granted' });

export const GrantPortalAccess = Input({
  language: Type.Optional(Nullable(DocumentLanguageSchema("the portal's language for this person; default: the party's document language"))),
  permissions: Type.Optional(
    Permissions("a client's person: what they may do; default, for a new person: all three; given again, it replaces theirs. Not for a supplier's person"),
  ),
});

export const SetPortalPermissions = Input({
  permissions: Permissions('what the person may do: `request` work, `approve` (accept or refuse) quotes, see `invoices`'),
});

export const PartyParams = Type.Object({ id: Id('party id') }, { additionalProperties: false });
export const ContactParams = Type.Object({ id: Id('party id'), contactId: Id('contact id') }, { additionalProperties: false });

// The portal's own side.

/** Who is signed in to the portal: the person, their party and the agency (nothing else of the agency). */
export const PortalMe = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Nullable(Type.String()),
    language: DocumentLanguageSchema('the language the portal speaks to the person'),
    party: Type.Object(
      {
        kind: Type.Union([Type.Literal('supplier'), Type.Literal('client')]),
        id: Type.String(),
        name: Type.String(),
      },
      { description: 'the supplier (or client) the person works for' },
    ),
    agency: Type.Object(
      {
        name: Type.String(),
        hasLogo: Type.Boolean({ description: 'the agency has a logo: GET /v2/portal/agency/logo answers it' }),
      },
      { description: 'the agency whose portal this is' },
    ),
    permissions: Permissions("a client's person: what they may do (`request` work, `approve` quotes, see `invoices`); empty for a supplier's"),
    hasPassword: Type.Boolean({ description: 'the person chose a password (they may sign in with it as well as with e-mailed links)' }),
  },
  { title: 'Portal person (self)' },
);

export const PortalSignedIn = Type.Object(
  {
    person: PortalMe,
    csrfToken: Type.String({ description: 'send it as the X-CSRF-Token header with every write of this portal session' }),
  },
  { title: 'Portal session' },
);

/** What anyone may send without a session: form or JSON, no query, an empty `security`. */
export const PORTAL_PUBLIC_OPERATION = { consumes: ['application/x-www-form-urlencoded', 'application/json'], querystring: EmptyQuery, security: [] };

export const RequestSignInLink = Input({
  email: Type.String({ minLength: 1, maxLength: 255, description: 'the e-mail address the agency knows you by (any case)' }),
});
export const SignInWithLink = Input({ token: Type.String({ minLength: 1, maxLength: 200, description: 'the token of the link (after `#token=`)' }) });
export const UpdatePortalMe = Input({ language: Type.Optional(DocumentLanguageSchema('the language the portal speaks to you')) });

/** Passwords are limited in the schema too: a longer one is refused (400) before anything hashes it; the minimum is checked where one is chosen. */
const Password = (description: string) => Type.String({ minLength: 1, maxLength: PASSWORD_MAX_CHARS, description });

export const SignInWithPassword = Input({
  email: Type.String({ minLength: 1, maxLength: 255, description: 'the e-mail address the agency knows you by (any case)' }),
  password: Password('the password you chose on the portal'),
});

export const SetPortalPassword = Input({
  password: Password(`the new password: ${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters`),
  currentPassword: Type.Optional(Password('your current password: required to change one you chose before')),
});
