// What the OpenAPI document says of the property-search routes where a summary is not enough.
export const FILTERS =
  'Filters (all optional, combined with AND): q (public name, description or address, case-insensitive), type (type id), ' +
  'address (substring), checkin_date + checkout_date (YYYY-MM-DD; checkout after checkin, at most 365 nights, checkin not before ' +
  'yesterday UTC; 422 otherwise) with guests (default 1): only listings with one unit that holds the guests and is free on every night ' +
  'of the half-open stay [checkin, checkout) — a listing without room types is one unit of its capacity; with room types, one room ' +
  'type whose capacity holds the guests must have a unit left every night (no stop-sell; available_rooms, or count_of_rooms, minus booked ' +
  'above 0). guests without dates: one unit must hold them. min_price/max_price compare price_per_night in minor units of ' +
  "`currency` (default: the platform default currency; with none set, each listing's own currency): each price converted as payouts " +
  "convert (amount ÷ the listing currency's exchange_rate × `currency`'s, rounded half-up to `currency`'s decimals, in exact decimal " +
  'arithmetic), so a listing priced exactly P in `currency` (its own, or converted to it) is found by min_price=P and by max_price=P. ' +
  'near=<lat>,<lng> with radius_km (default 25, more than 0 and at most 500): great-circle distance, and each card gets distance_km. ' +
  'neighborhood (id). commodities=1,2: listings with all of them. sort: newest (default), price, -price, rating, distance (needs near). ' +
  "Cards show the internal name only to the listing's owner, admin and support (others read the public name there) and is_favorite only to signed-in callers. " +
  'page and per_page (at most 100) page through the matches. A search over public listings counts and serves its first 1,000 ' +
  "matches (meta.total is at most 1000, later pages are empty): narrow it down to see others. Lists of one's own or, for " +
  "staff, of all listings count exactly. Which listings match is always read fresh; a card's contents may be served from a " +
  'cache of up to 15 s that every change of the listing through the API (and a review or a payment on it) clears at once, so only ' +
  "what no listing route announces (the owner's name or avatar, a renamed property type or commodity) can show up to 15 s late.";

export const FACETS =
  ' facets=1 adds `facets` beside `meta`: for the same search, the number of listings per property type, commodity and neighborhood ' +
  'and a price_per_night histogram in `currency` (converted as min_price is), so a count is the meta.total that applying that value ' +
  'gives. Types, neighborhoods and prices are one value at a time, so each is counted with its own filter left out (type=, ' +
  'neighborhood=, min_price/max_price in place of those sent; a bucket holds min ≤ price < max). Commodities add up (a listing ' +
  'must have all those sent), so a commodity is counted as if added to those sent (commodities=<those sent>,<its id>); one already ' +
  'sent counts meta.total. Without facets (or facets=0) the answer is the same as ever.';

/** Operation descriptions that say more than a line, by operationId (the routes stay short). */
export const DESCRIPTIONS = {
  listProperties:
    'An owner gets their own listings in every status (draft, active, inactive, archived); admin and support get all listings; ' +
    'a traveller gets the public ones (active and visible). status and visibility (0/1) narrow within that. ' +
    FILTERS,
  searchProperties:
    'Public listings (active and visible) for everyone. When an owner, admin or support sends status or visibility, the search ' +
    'covers what they may see: an owner their own listings besides the public ones, admin and support every listing; for ' +
    'travellers and anonymous callers those parameters only narrow the public set (so visibility=0 finds nothing). ' +
    FILTERS +
    FACETS,
  listPopularProperties:
    'Public listings ordered by likes (like_count), then newest. Confirmed bookings of the last 90 days will rank first once ' +
    'reservations exist (they arrive with a later issue); until then likes alone decide. An explicit sort replaces this order. ' +
    FILTERS,
  listFavorites:
    'Listings the caller has favorited, most recently added first, each with is_favorite true. A favorite whose listing the caller ' +
    'can no longer see (unpublished, hidden or archived since) is left out but kept: it shows again if the listing comes back.',
};
