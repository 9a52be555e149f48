// What the OpenAPI document says of the property-rules routes where a summary is not enough.
/** Who may change a listing's pricing rules, said by every write route. */
export const WHO_WRITES =
  "The listing's owner or an admin (401 without a token; 403 for others who can see the listing, 404 for those who cannot, " +
  'and for an item of another listing). Changes on an archived listing → 409. Amounts are in the listing currency with at most its ' +
  'decimals (422 otherwise) and kept as integer minor units.';

/** What each kind's operations add to the common text: the decisions the contract leaves open. */
export const KIND_DOCS: Record<string, { plural: string; rules: string; ids: { one: string; many: string } }> = {
  seasons: {
    plural: 'seasons',
    ids: { one: 'Season', many: 'Seasons' },
    rules:
      'A night belongs to a season when start_date ≤ night ≤ end_date: both days are included. Seasons of one listing may not share a ' +
      'day: a clash → 409 naming the season it overlaps (checked under a lock on the listing, so two concurrent writes cannot both pass). ' +
      'reduction_percent 0–100 (2 decimals) lowers the nightly rate; min_stay/max_stay (1–365 nights, null: none) limit stays; ' +
      'max_stay ≥ min_stay. Listed by start_date.',
  },
  offers: {
    plural: 'offers',
    ids: { one: 'Offer', many: 'Offers' },
    rules:
      'discount_type percent (0 < value ≤ 100, 2 decimals) or fixed (an amount > 0 in the listing currency); start_date..end_date ' +
      '(both included, end ≥ start) are the stay days the offer applies to; min_nights ≥ 1 (default 1). Changing discount_type ' +
      'needs discount_value in the same request (422). Listed by start_date.',
  },
  packages: {
    plural: 'packages',
    ids: { one: 'Package', many: 'Packages' },
    rules: 'price ≥ 0 in the listing currency; is_global (default false) is stored and returned as sent.',
  },
  services: {
    plural: 'services',
    ids: { one: 'Service', many: 'Services' },
    rules: 'price ≥ 0 in the listing currency, charged per_stay, per_night or per_guest (type).',
  },
  'promo-codes': {
    plural: 'promo codes',
    ids: { one: 'PromoCode', many: 'PromoCodes' },
    rules:
      'code: 3–40 letters, digits, - or _, kept as written and unique on the listing ignoring case (409, also under concurrent writes). ' +
      'Discount as for offers. valid_from..valid_to (both included, in the listing time zone) are the days the code can be redeemed. ' +
      'max_uses ≥ 1 or null (unlimited), never below used_count (422); used_count is read-only (counted by reservations, ignored when sent). ' +
      'Deleting a used code leaves the reservations that used it unchanged. Listed by valid_from.',
  },
};

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listPropertyPromos:
    'Anyone who can see the listing (404 otherwise). Travellers get the offers that are running or upcoming (end_date on or after ' +
    'today) and the promo codes valid today and not used up (used_count < max_uses, or no limit). "Today" is the date in the ' +
    "listing's time zone. Promo codes are shown with their code: a code put on a listing is advertised on it (the marketplace " +
    "norm); a code meant for a few guests should be shared privately and kept short-lived or capped with max_uses. The listing's " +
    'owner and admins get all of its offers and codes, expired and used up included. At most 200 of each, offers by start_date, ' +
    'codes by valid_from; the paginated sub-resource lists give everything.',
};
