import { Type, type Static } from '@sinclair/typebox';
import { DateInput, DateOut, Id, Input, Nullable, Reference } from '../../core/schemas.js';
import { CreateOutsourcing } from './schemas.js';

/** Offer rounds (docs/supplier-portal.md#offer-rounds): the requests and the round as answered. */
export const OFFER_ROUND_STATES = ['open', 'awarded', 'expired', 'withdrawn'] as const;
export type OfferRoundState = (typeof OFFER_ROUND_STATES)[number];

/** At most this many suppliers in one round. */
export const ROUND_SUPPLIERS_MAX = 20;

/** The outsourcing fields of an offer: those of `POST …/outsourcing` but the supplier and its unit cost (each offer takes its own supplier's price). */
const { supplier: _supplier, unitCost: _unitCost, ...offerFields } = CreateOutsourcing.properties;

export const CreateOfferRound = Input({
  suppliers: Type.Array(Id('supplier id'), {
    minItems: 1,
    maxItems: ROUND_SUPPLIERS_MAX,
    uniqueItems: true,
    description: 'the suppliers offered the work, one outsourcing each (distinct; each must have someone with portal access)',
  }),
  expiresAt: DateInput('when the offers expire (ISO 8601, in the future): a pending offer can no longer be accepted after it'),
  award: Type.Union([Type.Literal('first'), Type.Literal('choose')], {
    description: '`first`: the first supplier to accept gets the work; `choose`: the project manager chooses among those who accepted',
  }),
  ...offerFields,
});

export const AwardOfferRound = Input({ outsourcingId: Id('the offer (outsourcing) awarded: its supplier must have accepted') });

export const OfferRoundParams = Type.Object({ id: Id('job id'), roundId: Id('offer round id') }, { additionalProperties: false });

export const OfferRound = Type.Object(
  {
    object: Type.Literal('offer_round'),
    id: Type.String(),
    jobId: Type.String(),
    award: Type.Union([Type.Literal('first'), Type.Literal('choose')]),
    expiresAt: DateOut(),
    state: Type.Union(
      OFFER_ROUND_STATES.map((state) => Type.Literal(state)),
      { description: '`open`; `awarded`; `expired`: past `expiresAt` without an award; `withdrawn` by the agency' },
    ),
    awardedOutsourcingId: Nullable(Type.String()),
    awardedAt: Nullable(DateOut()),
    withdrawnAt: Nullable(DateOut()),
    createdAt: DateOut(),
    offers: Type.Array(
      Type.Object({
        outsourcingId: Type.String(),
        supplier: Reference,
        status: Type.Integer({ description: "the outsourcing's status (5: cancelled, as every offer that lost)" }),
        confirmStatus: Nullable(Type.Integer({ description: "the supplier's answer: 1 pending, 2 accepted, 3 refused; null: withdrawn before an answer" })),
        acceptedDate: Nullable(DateOut()),
        comment: Nullable(Type.String({ description: "the supplier's comment on accepting, or reason for refusing" })),
      }),
    ),
  },
  { title: 'offer round' },
);
export type OfferRoundObject = Static<typeof OfferRound>;
