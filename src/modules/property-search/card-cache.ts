// Listing cards kept in memory for a short time. A page of a list is its ids (and maybe its count)
// plus everything its cards show; the second statement joins owner, type, currency, cover and
// commodities for every card and was the dearest part of a search (bench/README.md), while the
// listings a search finds are mostly the same few from one request to the next.
//
// Freshness follows the property detail cache's invalidations (onInvalidate), as the price
// loader's cache does: every write under /api/properties/{id} (the listing, its media, its
// favorites' like count), a review and a payment drop the listing's card here at once and on
// the other instances through the event bus; a read that began before a change is not stored
// after it. The short life bounds what no route announces, as for the read form: an owner's new
// name or avatar, an admin renaming a property type or commodity. Availability is never part of
// a card (the ids statement decides it), so a booking leaves cards alone. The caller's favorite
// flag is per caller and read with the page, never cached.
import type { Deps } from '../../kernel/deps.ts';
import type { ListingChanges } from '../../kernel/services.ts';
import { ListingCache } from '../../platform/listing-cache.ts';
import type { CardFields } from './property-search.repository.ts';

export type CachedCard = Readonly<CardFields>;

const CACHE = Symbol('property-search.card-cache');

/** The running app's card cache (made on first use, closed with the app). */
export const cardCache = (deps: Pick<Deps, 'services' | 'listings'>) =>
  deps.services.get(
    CACHE,
    () => new CardCache(deps.listings),
    (c) => c.close(),
  );

export class CardCache {
  private readonly cards: ListingCache<CachedCard>;

  constructor(changes: ListingChanges, ttlMs = 15_000, max = 10_000) {
    this.cards = new ListingCache(changes, { scope: 'listing', ttlMs, maxWeight: max });
  }

  /** Taken before reading the cards that `put` will store. */
  stamp(): number {
    return this.cards.stamp();
  }

  /** The fresh cards among `ids`, by id. */
  get(ids: readonly number[]): Map<number, CachedCard> {
    const found = new Map<number, CachedCard>();
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card) found.set(id, card);
    }
    return found;
  }

  /** Remembers cards read after `stamp`, except those of listings changed since. */
  put(cards: readonly CachedCard[], stamp: number): void {
    for (const card of cards) this.cards.set(card.id, Object.freeze(card), stamp);
  }

  close(): void {
    this.cards.close();
  }
}
