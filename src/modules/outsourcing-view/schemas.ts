import { Type, type Static } from '@sinclair/typebox';
import { CurrencyObject, DateOut, Nullable, Reference } from '../../core/schemas.js';
import { LanguagePairRef } from '../language-pairs/index.js';
import { ExtraCharge, FixedPrice, NoteObject, TotalDetails, quantityProps } from '../price-lines/index.js';
import { MarginWarning } from './margin-warnings.js';
import { Portal } from './portal.js';

/** Outsourcing of a job (docs/jobs.md#outsourcing): the object embedded in the job. */
export const Outsourcing = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    supplier: Reference,
    service: Reference,
    quantityType: Reference,
    languagePair: Type.Optional(LanguagePairRef),
    quantity: Type.Object(quantityProps),
    currency: CurrencyObject,
    discount: Type.Number(),
    extraCharge: ExtraCharge,
    fixedPrice: FixedPrice,
    dueDate: Nullable(DateOut()),
    startDate: Nullable(DateOut()),
    deliveryDate: Nullable(DateOut()),
    status: Type.Integer({ description: '1 not started, 2 in progress, 3 to be reviewed, 4 finished, 5 cancelled, 6 on hold' }),
    subtotal: Type.Number(),
    total: Type.Number(),
    totalDetails: TotalDetails,
    notes: Type.Array(NoteObject),
    warnings: Type.Array(MarginWarning, { description: 'what may cost the margin (docs/estimation.md#margin-warnings); empty when nothing' }),
    portal: Portal,
    createdAt: DateOut(),
    updatedAt: DateOut(),
  },
  { title: 'outsourcing' },
);
export type OutsourcingObject = Static<typeof Outsourcing>;
