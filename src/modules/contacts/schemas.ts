import { Type, type TBoolean, type TOptional } from '@sinclair/typebox';
import { Email, Input, Nullable, RequiredText, RichText, Text } from '../../core/schemas.js';
import type { ContactKind } from './kinds.js';

/** An e-mail address, or `''` / `null` for none (a form sends `email=`). */
export const OptionalEmail = () => Type.Union([Email(), Type.Literal(''), Type.Null()], { description: 'e-mail address; empty or null removes it' });

function buildSchemas(kind: ContactKind) {
  const flags = Object.keys(kind.emails);
  const flagProps = <S>(schema: () => S): Record<string, S> => Object.fromEntries(flags.map((flag) => [flag, schema()]));
  const Contact = Type.Object(
    {
      id: Type.String(),
      email: Type.Optional(Type.String({ description: 'absent when none is set' })),
      emails: Type.Object(flagProps<TBoolean>(() => Type.Boolean())),
      fullName: Type.String(),
      mobile: Type.String(),
      nickname: Nullable(Type.String()),
      notes: Type.String({ description: 'rich text' }),
      phone: Type.String(),
      pictureUrl: Type.Null({ description: 'contact pictures are not supported: always null' }),
      title: Type.String(),
    },
    { title: `${kind.resource}Contact` },
  );
  const fields = {
    email: Type.Optional(OptionalEmail()),
    emails: Type.Optional(Input(flagProps<TOptional<TBoolean>>(() => Type.Optional(Type.Boolean())))),
    mobile: Type.Optional(Text()),
    nickname: Type.Optional(Nullable(Text())),
    notes: Type.Optional(RichText()),
    phone: Type.Optional(Text()),
    title: Type.Optional(Text()),
  };
  return {
    Contact,
    CreateContact: Input({ fullName: RequiredText('full name of the contact'), ...fields }),
    UpdateContact: Input({ fullName: Type.Optional(RequiredText('full name of the contact')), ...fields }),
  };
}

export type ContactSchemas = ReturnType<typeof buildSchemas>;
const cache = new Map<ContactKind, ContactSchemas>();

/** The contact object and its request bodies for one kind (the `emails` flags differ), built once. */
export function contactSchemas(kind: ContactKind): ContactSchemas {
  let schemas = cache.get(kind);
  if (!schemas) cache.set(kind, (schemas = buildSchemas(kind)));
  return schemas;
}

export interface ContactObject {
  id: string;
  email?: string;
  emails: Record<string, boolean>;
  fullName: string;
  mobile: string;
  nickname: string | null;
  notes: string;
  phone: string;
  pictureUrl: null;
  title: string;
}

export interface ContactInput {
  fullName?: string;
  email?: string | null;
  emails?: Record<string, boolean | undefined>;
  mobile?: string;
  nickname?: string | null;
  notes?: string;
  phone?: string;
  title?: string;
}
