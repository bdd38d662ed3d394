import { Type } from '@sinclair/typebox';
import { Input } from '../../core/schemas.js';

const Language = Type.Object({ code: Type.String(), name: Type.String() });

/** Embedded in prices, services, suppliers and jobs (specification "Language pair reference"). */
export const LanguagePairRef = Type.Object(
  {
    id: Type.String(),
    source: Type.Optional(Language),
    target: Language,
    bidirectional: Type.Boolean(),
  },
  { description: 'language pair reference; `source` is omitted for a monolingual pair' },
);

export const LanguagePair = Type.Object({
  id: Type.String(),
  source: Type.Optional(Language),
  target: Language,
  bidirectional: Type.Boolean(),
  pinned: Type.Boolean(),
  disabled: Type.Boolean(),
});

const LanguageCode = (description: string) => Type.String({ minLength: 2, maxLength: 10, description });

export const CreateLanguagePair = Input({
  target: LanguageCode('ISO language code, `xx` or `xx-XX`'),
  source: Type.Optional(LanguageCode('ISO language code; omit for a monolingual service')),
  bidirectional: Type.Optional(Type.Boolean()),
});

export const UpdateLanguagePair = Input({
  disabled: Type.Optional(Type.Boolean()),
  pinned: Type.Optional(Type.Boolean()),
});
