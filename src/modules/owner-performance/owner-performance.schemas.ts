// Request and response shapes of the owner performance report (contract §11).
import { Type } from 'typebox';
import { Envelope } from '../../platform/envelope.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-01-01'] });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Money = (description: string) => Nullable(Type.Number({ description }));

export const PerformanceQuery = Type.Object({
  from: Type.Optional(
    Day('first night reported (default: the first day of the month 11 months before the current UTC month)'),
  ),
  to: Type.Optional(
    Day(
      'the day after the last night reported, exclusive like a check-out (default: the first day of next month); at most 731 nights after from',
    ),
  ),
  property_id: Type.Optional({ ...Id, description: 'only this listing (404 when it is not one the caller may see)' }),
  owner_id: Type.Optional({
    ...Id,
    description: "admin only: this owner's listings (an owner naming someone else: 403)",
  }),
});

const Figures = {
  nights_available: Type.Integer({ description: 'unit-nights that could be sold' }),
  nights_sold: Type.Integer({ description: 'unit-nights held by confirmed or completed stays' }),
  occupancy: Nullable(
    Type.Number({ description: 'nights_sold ÷ nights_available, 4 decimals; null when nothing was available' }),
  ),
  cancellations: Type.Integer({ description: 'confirmed reservations cancelled in the month (by cancellation date)' }),
  avg_lead_days: Nullable(
    Type.Number({ description: 'mean days from booking to check-in of the stays arriving in the month, 2 decimals' }),
  ),
  avg_length_of_stay: Nullable(
    Type.Number({ description: 'mean nights of the stays arriving in the month, 2 decimals' }),
  ),
};

export const PerformanceRow = Type.Object(
  {
    month: Type.String({ description: 'YYYY-MM' }),
    property_id: Type.Integer(),
    currency: Type.String({ description: "the listing's currency: revenue, adr and revpar are in it" }),
    ...Figures,
    adr: Money("revenue ÷ nights_sold in the listing's currency; null when nothing was sold"),
    revpar: Money("revenue ÷ nights_available in the listing's currency; null when nothing was available"),
    revenue: Type.Number({ description: "the listing's currency" }),
    revenue_default: Money(
      'revenue converted to the default currency (data.currency); null when a currency has no rate',
    ),
    adr_default: Money('adr in the default currency'),
    revpar_default: Money('revpar in the default currency'),
  },
  { description: 'one listing in one month' },
);

export const OwnerPerformance = Type.Object({
  currency: Nullable(
    Type.String({
      description: "the default currency (the currency table's default), in which totals and the *_default figures are",
    }),
  ),
  from: Type.String({ description: 'the range applied, [from, to)' }),
  to: Type.String(),
  months: Type.Array(PerformanceRow, {
    description: 'one row per month and listing, months in order then listings by id; zero rows included',
  }),
  totals: Type.Object({
    ...Figures,
    adr: Money('in the default currency'),
    revpar: Money('in the default currency'),
    revenue: Money("in the default currency; null when a listing's currency has no rate"),
  }),
});

export const OwnerPerformanceResponse = Envelope(OwnerPerformance);
