import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Email, IdParams, Input, RequiredText, errorResponses } from '../../core/schemas.js';
import { PASSWORD_MAX_CHARS } from '../../core/passwords.js';
import { UserLink } from '../users/index.js';
import { invitations } from './invitations.js';
import { passwordResets, resetRequestsSettled } from './password-reset.js';
import { sessions } from './sessions.js';
import { PUBLIC_OPERATION, SignedIn } from './schemas.js';

const Token = () => Type.String({ maxLength: 256, description: 'the secret of the link: what follows `#token=` in it' });
// Longer than the longest password allowed, so that checkPassword says what the rule is; the schema only stops the absurd.
const NewPassword = () => Type.String({ maxLength: PASSWORD_MAX_CHARS * 4, description: 'the new password: 10 to 256 characters (docs/access.md#passwords)' });

const AcceptInvitation = Input({
  token: Token(),
  password: NewPassword(),
  name: Type.Optional(RequiredText('the name to show (default: as the inviter wrote it)')),
});
/** The routes that make a link take no parameters (an empty form or JSON object). */
const NoParameters = Input({});
const RequestPasswordReset = Input({ email: Email() });
const ConfirmPasswordReset = Input({ token: Token(), password: NewPassword() });

/** Invitations and password resets (docs/access.md#invitations, #password-reset). */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Reset requests are handled after their answer: the database must outlive them.
  app.addHook('onClose', async () => resetRequestsSettled());

  app.post(
    '/v2/users/:id/invitation',
    {
      schema: {
        tags: ['Users'],
        summary: 'Make a new invitation link for an invited user (earlier links stop working); e-mailed when SMTP is configured',
        params: IdParams,
        body: NoParameters,
        response: { 200: UserLink, ...errorResponses },
      },
    },
    async (request) => (await app.inTransaction(request, (ctx) => invitations.resend(request, ctx, request.params.id))).deliver(),
  );

  app.post(
    '/v2/users/:id/password-reset',
    {
      schema: {
        tags: ['Users'],
        summary: 'Make a password reset link for an active user (earlier reset links stop working); e-mailed when SMTP is configured',
        params: IdParams,
        body: NoParameters,
        response: { 200: UserLink, ...errorResponses },
      },
    },
    async (request) => (await app.inTransaction(request, (ctx) => passwordResets.makeLink(app, request, ctx, request.params.id))).deliver(),
  );

  app.post(
    '/v2/auth/invitations/accept',
    {
      config: { public: true },
      schema: {
        tags: ['Authentication'],
        summary: 'Accept an invitation: choose a password, become active and signed in (sets the session cookie)',
        body: AcceptInvitation,
        ...PUBLIC_OPERATION,
        response: { 200: SignedIn, ...errorResponses },
      },
    },
    async (request, reply) => sessions.answer(reply, app.config, await invitations.accept(app, request, request.body)),
  );

  app.post(
    '/v2/auth/password-reset',
    {
      config: { public: true },
      schema: {
        tags: ['Authentication'],
        summary: 'Ask for a password reset e-mail (always 204, whether or not a user has this e-mail)',
        body: RequestPasswordReset,
        ...PUBLIC_OPERATION,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      passwordResets.request(app, request, request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v2/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['Authentication'],
        summary: "Choose a new password with a reset link's token (ends every session of the user)",
        body: ConfirmPasswordReset,
        ...PUBLIC_OPERATION,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await passwordResets.confirm(app, request, request.body);
      return reply.code(204).send(null);
    },
  );
};
