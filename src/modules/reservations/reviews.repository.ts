// SQL of reviews: the feedback page's reservation, the review itself, the property's rating
// counters, and the public list.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { properties, reservations, reviews, users } from '../../db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;

const feedbackColumns = {
  id: reservations.id,
  status: reservations.status,
  bookingRefCode: reservations.bookingRefCode,
  checkinDate: reservations.checkinDate,
  checkoutDate: reservations.checkoutDate,
  propertyId: reservations.propertyId,
  publicName: properties.publicName,
};

export type FeedbackReservation = {
  id: number;
  status: string;
  bookingRefCode: string;
  checkinDate: string;
  checkoutDate: string;
  propertyId: number;
  publicName: string | null;
};

export function reviewsRepository(db: Executor) {
  return {
    async findByFeedbackId(feedbackId: string): Promise<FeedbackReservation | undefined> {
      const [row] = await db
        .select(feedbackColumns)
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.feedbackId, feedbackId))
        .limit(1);
      return row;
    },

    /** Locks the reservation so two submissions for it queue up and the second sees the first. */
    async lockByFeedbackId(feedbackId: string): Promise<FeedbackReservation | undefined> {
      const [row] = await db
        .select(feedbackColumns)
        .from(reservations)
        .innerJoin(properties, eq(properties.id, reservations.propertyId))
        .where(eq(reservations.feedbackId, feedbackId))
        .for('update', { of: reservations })
        .limit(1);
      return row;
    },

    async findByReservation(reservationId: number): Promise<ReviewRow | undefined> {
      const [row] = await db.select().from(reviews).where(eq(reviews.reservationId, reservationId)).limit(1);
      return row;
    },

    async insert(values: typeof reviews.$inferInsert): Promise<ReviewRow> {
      const [row] = await db.insert(reviews).values(values).returning();
      return row!;
    },

    /** Adds one rating to the listing's counters; an increment, so concurrent reviews of other stays add up. */
    async addRating(propertyId: number, rating: number, at: Date): Promise<void> {
      await db
        .update(properties)
        .set({
          ratingSum: sql`${properties.ratingSum} + ${rating}`,
          ratingCount: sql`${properties.ratingCount} + 1`,
          updatedAt: at,
        })
        .where(eq(properties.id, propertyId));
    },

    /** A page of a listing's reviews, newest first, with the guest's first name. */
    async listForProperty(propertyId: number, limit: number, offset: number) {
      const where = eq(reviews.propertyId, propertyId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            rating: reviews.rating,
            comment: reviews.comment,
            createdAt: reviews.createdAt,
            guestFirstName: users.firstName,
          })
          .from(reviews)
          .innerJoin(reservations, eq(reservations.id, reviews.reservationId))
          .leftJoin(users, and(eq(users.id, reservations.guestId)))
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(reviews).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
