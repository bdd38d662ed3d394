import { Type, type Static } from '@sinclair/typebox';
import { DateOut, Id, Input } from '../../core/schemas.js';

export const MESSAGE_MAX_LENGTH = 10_000;

/**
 * One message of a thread between a client and the agency (docs/client-portal.md#messages). The
 * same object on both sides: who wrote it (the client's person or the agency's user, by name), when
 * and what. Never an internal note: those live in the notes module and are never read here.
 */
export const ClientMessage = Type.Object(
  {
    id: Type.String(),
    from: Type.Union([Type.Literal('client'), Type.Literal('agency')], { description: "client: one of the client's people; agency: a user of the agency" }),
    authorName: Type.String({ description: 'the name of who wrote it, as it was then' }),
    text: Type.String(),
    createdAt: DateOut(),
  },
  { title: 'clientMessage' },
);
export type ClientMessageObject = Static<typeof ClientMessage>;

export const NewClientMessage = Input({
  text: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH, description: 'plain text (not only spaces)' }),
});

export const ThreadParams = Type.Object({ id: Id() }, { additionalProperties: false });
