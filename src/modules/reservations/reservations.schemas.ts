// Request and response shapes of the review and dashboard routes (contract §6).
import { Type } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Instant = Type.String({ description: 'ISO 8601 UTC' });

export const FeedbackParams = Type.Object({
  // Loose on purpose: an id the service never issued is 404, whatever it looks like.
  id: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'the feedback link id the guest received at check-out',
  }),
});

export const PropertyIdParams = Type.Object({ id: Id });

export const ReviewBody = Type.Object({
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.Optional(Type.String({ maxLength: 2000, description: 'trimmed; empty is stored as no comment' })),
});

const Review = Type.Object({
  rating: Type.Integer(),
  comment: Type.Union([Type.String(), Type.Null()]),
  created_at: Instant,
});

const Feedback = Type.Object({
  reservation: Type.Object({
    booking_ref_code: Type.String(),
    checkin_date: Day,
    checkout_date: Day,
    property: Type.Object({ id: Id, public_name: Type.String() }),
  }),
  review: Type.Union([Review, Type.Null()]),
});
export const FeedbackResponse = Envelope(Feedback);

const PropertyReview = Type.Object({
  id: Id,
  rating: Type.Integer(),
  comment: Type.Union([Type.String(), Type.Null()]),
  created_at: Instant,
  guest_first_name: Type.Union([Type.String(), Type.Null()], {
    description: 'null for a deleted account or a guest without a name',
  }),
});
export const PropertyReviewsPage = Paginated(PropertyReview);

const Upcoming = Type.Object({ id: Id, booking_ref_code: Type.String(), property_id: Id, date: Day });
const Count = Type.Integer({ minimum: 0 });

export const DashboardStatsResponse = Envelope(
  Type.Object({
    counts_by_status: Type.Object({
      pending: Count,
      confirmed: Count,
      completed: Count,
      cancelled: Count,
      expired: Count,
    }),
    revenue_by_month: Type.Array(
      Type.Object({
        month: Type.String({ description: 'YYYY-MM' }),
        currency: Type.String(),
        total: Type.Number({ description: "currency units, the currency's decimals" }),
      }),
    ),
    occupancy_rate: Type.Number({ minimum: 0, maximum: 1 }),
    upcoming_checkins: Type.Array(Upcoming),
    upcoming_checkouts: Type.Array(Upcoming),
  }),
);
