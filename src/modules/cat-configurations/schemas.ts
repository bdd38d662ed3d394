import { Type } from '@sinclair/typebox';
import { DateOut, Id, Input, Reference, RequiredText } from '../../core/schemas.js';
import { CAT_TOOL_IDS } from './cat-tools.js';
import { CAT_PRESET_IDS } from './presets.js';

/** Specification "CAT tool (read-only listing item)". */
export const CatToolSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    matches: Type.Array(Type.String(), { description: 'match names that the tool reports, in its order' }),
    quantityTypes: Type.Object({ default: Type.String(), list: Type.Array(Type.String()) }),
  },
  { title: 'catTool' },
);

/** Specification "CAT configuration", plus createdAt and updatedAt. */
export const CatConfiguration = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    catTool: Type.Object({ id: Type.String(), name: Type.String() }),
    quantityTypes: Type.Object({
      destination: Reference,
      conversionFactor: Type.Number(),
      source: Type.String({ description: "the CAT tool's quantity type read from a report" }),
    }),
    mappings: Type.Array(
      Type.Object({
        match: Reference,
        toolMatches: Type.Array(Type.String(), { description: 'CAT tool match names feeding this match category' }),
      }),
      { description: 'in import order; empty on creation' },
    ),
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'catConfiguration' },
);

const ConversionFactor = Type.Number({
  exclusiveMinimum: 0,
  maximum: 1_000_000,
  description: 'multiplies the tool count into the destination unit; 1 when no conversion',
});
const SourceQuantityType = Type.String({ minLength: 1, maxLength: 50, description: "one of the CAT tool's quantity types (`words`, `characters`)" });

/** Every field is required unless `preset` is given: then each one left out is the preset's (the service checks). */
export const CreateCatConfiguration = Input({
  preset: Type.Optional(
    Type.String({
      enum: [...CAT_PRESET_IDS],
      description: "start from this tool's preset (see /presets): its mappings are added, and it gives every field left out",
    }),
  ),
  name: Type.Optional(RequiredText('name of the configuration (required without preset)')),
  catTool: Type.Optional(Type.String({ enum: [...CAT_TOOL_IDS], description: 'CAT tool id (see /cat-tools; required without preset)' })),
  conversionFactor: Type.Optional(ConversionFactor),
  destinationQuantityType: Type.Optional(Id('unit id (quantity type of the service; required without preset)')),
  sourceQuantityType: Type.Optional(SourceQuantityType),
});

/** A preset resolved against the account (docs/cat-configurations.md#presets). */
export const CatPresetSchema = Type.Object(
  {
    id: Type.String({ description: 'preset id, the CAT tool id' }),
    name: Type.String(),
    catTool: Type.Object({ id: Type.String(), name: Type.String() }),
    quantityTypes: Type.Object({
      destination: Type.Union([Reference, Type.Null()], { description: 'the account\'s unit "Words", or null when it has none (enabled)' }),
      conversionFactor: Type.Number(),
      source: Type.String(),
    }),
    mappings: Type.Array(Type.Object({ match: Reference, toolMatches: Type.Array(Type.String()) }), {
      description: "in import order, with the account's match categories of the preset's names",
    }),
    unmapped: Type.Array(Type.String(), { description: 'tool matches whose match category the account does not have (or has disabled)' }),
  },
  { title: 'catConfigurationPreset' },
);

/** `catTool` cannot be changed (a different tool has different match names): not a parameter here. */
export const UpdateCatConfiguration = Input({
  name: Type.Optional(RequiredText('name of the configuration')),
  conversionFactor: Type.Optional(ConversionFactor),
  destinationQuantityType: Type.Optional(Id('unit id (quantity type of the service)')),
  sourceQuantityType: Type.Optional(SourceQuantityType),
});

export const ToolMatchParams = Type.Object(
  {
    id: Id('CAT configuration id'),
    matchId: Id('match category id'),
    toolMatch: Type.String({ minLength: 1, maxLength: 100, description: "one of the CAT tool's match names" }),
  },
  { additionalProperties: false },
);

export const MoveParams = Type.Object(
  {
    id: Id('CAT configuration id'),
    matchId: Id('match category id'),
    position: Type.Integer({ minimum: 0, maximum: 1_000_000, description: '0-based index in `mappings`' }),
  },
  { additionalProperties: false },
);
