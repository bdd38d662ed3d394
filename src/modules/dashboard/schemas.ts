import { Financial } from '../../core/financials.js';
import { Type, type Static } from '@sinclair/typebox';
import { CurrencyObject, DateOut, Nullable, Reference } from '../../core/schemas.js';

/** The dashboard's answer (docs/dashboard.md): every figure computed by the server, amounts exact per currency. */

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Money = (description: string) => Type.Number({ description });

export const DashboardJob = Type.Object({
  id: Type.String(),
  name: Type.String(),
  client: Reference,
  dueDate: DateOut(),
  status: Type.Integer({ description: '1 not started, 2 in progress, 6 on hold' }),
});

const JobsDue = Type.Object({
  count: Count('how many'),
  first: Type.Array(DashboardJob, { description: 'the first few, the earliest due first' }),
});

export const DashboardDocument = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  client: Nullable(Reference),
  issueDate: Nullable(DateOut()),
  dueDate: Nullable(DateOut()),
  validityDate: Nullable(DateOut()),
  currency: CurrencyObject,
  total: Money('the total, taxes included'),
  outstanding: Money('what is still to be paid (invoices: total − payments; quotes: the total)'),
});

const CurrencyAmount = Type.Object({
  currency: CurrencyObject,
  count: Count('documents in this currency'),
  amount: Money('their amount in this currency'),
});

/** Why a field may be absent. */
const HIDDEN = 'absent when revenue and margins are hidden from the caller (docs/access.md#revenue-and-margins)';

/** The margins report's totals over the month (docs/reports.md#margins): the same definition, the same numbers. */
const MonthFigures = Type.Object({
  revenue: Money("job revenue: the estimation totals of the month's jobs (by due date, else creation day; cancelled jobs aside), in the account's currency"),
  supplierCost: Money("the totals of those jobs' outsourcing (cancelled outsourcing aside), in the account's currency"),
  margin: Money('revenue − supplierCost'),
  jobs: Count('the jobs counted'),
  unpricedOutsourcings: Count('outsourcings of those jobs without a price (their cost is not counted)'),
  excludesUnconverted: Type.Boolean({ description: 'whether jobs were left out for a missing exchange rate (the margins report lists them)' }),
});

const Month = Type.Object({
  month: Type.String({ description: 'YYYY-MM' }),
  from: DateOut(),
  until: DateOut(),
});

export const Dashboard = Type.Object(
  {
    object: Type.Literal('dashboard'),
    timeZone: Type.String({ description: 'the zone in which "today" and the months are counted' }),
    now: DateOut(),
    today: Type.Object({ from: DateOut(), until: DateOut() }),
    myJobs: Type.Object({
      user: Reference,
      dueToday: JobsDue,
      overdue: JobsDue,
    }),
    inProgressByManager: Type.Array(Type.Object({ user: Reference, count: Count('jobs in progress') })),
    requests: Type.Object(
      { new: Count("clients' requests from the client portal waiting for an answer (status new)") },
      { description: "the clients' requests (docs/client-portal.md#requests)" },
    ),
    quotesWaiting: Type.Object({
      count: Count('sent quotes, neither accepted nor refused'),
      totals: Type.Array(CurrencyAmount),
      oldest: Type.Array(DashboardDocument),
    }),
    unpaidInvoices: Financial(Type.Object({ count: Count('sent invoices not paid'), outstanding: Type.Array(CurrencyAmount) }, { description: HIDDEN })),
    overdueInvoices: Financial(
      Type.Object(
        {
          count: Count('unpaid invoices past their due date'),
          outstanding: Type.Array(CurrencyAmount),
          oldest: Type.Array(DashboardDocument),
        },
        { description: HIDDEN },
      ),
    ),
    months: Type.Object({ thisMonth: Month, lastMonth: Month }),
    money: Financial(
      Type.Array(Type.Object({ currency: CurrencyObject, thisMonth: MonthFigures, lastMonth: MonthFigures }), {
        description: `the account's currency: one entry, or none when neither month has a job; ${HIDDEN}`,
      }),
    ),
  },
  { $id: undefined, description: "the dashboard's figures" },
);
export type DashboardObject = Static<typeof Dashboard>;
export type DashboardJobObject = Static<typeof DashboardJob>;
export type DashboardDocumentObject = Static<typeof DashboardDocument>;
