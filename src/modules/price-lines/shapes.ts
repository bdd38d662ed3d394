import { Type } from '@sinclair/typebox';
import { CurrencyObject, Nullable } from '../../core/schemas.js';

/** Response shapes shared by jobs and their outsourcing. */
export const PriceReference = Type.Object(
  { id: Type.String(), type: Type.String({ description: '`client`, `account` (default prices) or `supplier` (a supplier service)' }) },
  { description: 'the price the pricing was copied from' },
);

export const QuantityMatch = Type.Object({
  id: Type.String({ description: 'match category id' }),
  name: Type.String(),
  percentage: Type.Number({ description: 'fraction of the unit cost (1 = 100 %)' }),
  unitCost: Type.Number({ description: 'the rate of the category' }),
  value: Type.Number({ description: 'quantity in the category' }),
});

export const MatchesType = Type.Union([Type.Literal('fixed'), Type.Literal('percentage')]);

export const CatFile = Type.Object({ fileIds: Type.Array(Type.String()) });

/** The quantity of an outsourcing; a job's adds the time-based fields. */
export const quantityProps = {
  catFile: CatFile,
  hasMatches: Type.Boolean(),
  matches: Type.Array(QuantityMatch),
  matchesType: MatchesType,
  unitCost: Type.Number(),
  unitCostPriceReference: Type.Optional(PriceReference),
  value: Type.Number(),
};

export const ExtraCharge = Type.Object({
  amount: Type.Number({ description: 'the computed extra charge' }),
  percentage: Type.Number({ description: 'fraction of the subtotal (0.1 = 10 %)' }),
  type: Type.Literal('percentage'),
});

export const FixedPrice = Type.Object({ amount: Nullable(Type.Number()), currency: CurrencyObject });

const TotalPart = Type.Object({ amount: Type.Number(), discount: Type.Number(), total: Type.Number() });
export const TotalDetails = Type.Object({ subtotal: TotalPart, extraCharge: TotalPart, total: Type.Number() });

/** A note (specification "Note"); notes of jobs and outsourcing come with the notes module. */
export const NoteObject = Type.Object({
  id: Type.String(),
  content: Type.String(),
  user: Type.Object({ id: Type.String(), name: Type.String() }),
  editedByUser: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
