// The guest's feedback page (reached by the unguessable id issued at check-out, no login) and
// the public list of a listing's reviews.
import { readDeps } from '../../platform/read-routing.ts';
import type { Deps } from '../../kernel/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { afterCommit, publishAfterCommit } from '../../platform/after-commit.ts';
import { platformRepository } from '../../platform/platform.repository.ts';
import { pageWindow, type PageQuery } from '../../platform/pagination.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { loadVisibleProperty } from '../properties/index.ts';
import { reviewsRepository, type FeedbackReservation, type ReviewRow } from './reviews.repository.ts';

const reviewView = (r: ReviewRow) => ({ rating: r.rating, comment: r.comment, created_at: r.createdAt.toISOString() });

function feedbackView(res: FeedbackReservation, review: ReviewRow | undefined) {
  return {
    reservation: {
      booking_ref_code: res.bookingRefCode,
      checkin_date: res.checkinDate,
      checkout_date: res.checkoutDate,
      property: { id: res.propertyId, public_name: res.publicName ?? '' },
    },
    review: review ? reviewView(review) : null,
  };
}

const alreadyReviewed = () => new AppError('CONFLICT', 'This stay has already been reviewed');

export async function showFeedback(deps: Deps, feedbackId: string) {
  const repo = reviewsRepository(deps.db);
  const res = await repo.findByFeedbackId(feedbackId);
  if (!res) throw notFound('Feedback');
  return feedbackView(res, await repo.findByReservation(res.id));
}

/**
 * Stores the stay's one review and adds it to the listing's rating in the same transaction.
 * The reservation row lock queues concurrent submissions; the unique index on reservation_id
 * is the last word should anything get past it.
 */
export async function submitReview(deps: Deps, feedbackId: string, input: { rating: number; comment?: string }) {
  const now = deps.clock.now();
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  let result;
  try {
    result = await deps.db.transaction(async (tx) => {
      const repo = reviewsRepository(tx);
      const res = await repo.lockByFeedbackId(feedbackId);
      if (!res) throw notFound('Feedback');
      if (res.status !== 'completed') throw new AppError('CONFLICT', 'Only a completed stay can be reviewed');
      if (await repo.findByReservation(res.id)) throw alreadyReviewed();
      const review = await repo.insert({
        reservationId: res.id,
        propertyId: res.propertyId,
        rating: input.rating,
        comment,
        createdAt: now,
      });
      await repo.addRating(res.propertyId, input.rating, now);
      await platformRepository(tx).insertEvent('review.created', {
        review_id: review.id,
        reservation_id: res.id,
        property_id: res.propertyId,
        rating: review.rating,
      });
      return feedbackView(res, review);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyReviewed();
    throw err;
  }
  // The listing's average rating is part of its cached read form.
  await afterCommit(deps, 'listing change', () => deps.listings.changed(result.reservation.property.id));
  publishAfterCommit(deps);
  return result;
}

export async function listPropertyReviews(deps: Deps, caller: AuthUser | null, propertyId: number, q: PageQuery) {
  deps = readDeps(deps, { callerId: caller?.id, listingId: propertyId });
  const property = await loadVisibleProperty(deps.db, propertyId, caller);
  const { page, perPage, offset } = pageWindow(q);
  const { rows, total } = await reviewsRepository(deps.db).listForProperty(property.id, perPage, offset);
  const data = rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    // Deleted accounts keep an emptied name; show none rather than an empty string.
    guest_first_name: r.guestFirstName ? r.guestFirstName : null,
  }));
  return { data, meta: { current_page: page, per_page: perPage, total } };
}
