// Request and response shapes of the listing lists: the card every list returns and the query
// of each list (spec "Property (read form)", contract §5 for the filters).
import { Type, type Static, type TSchema } from 'typebox';
import { CalendarDay } from '../../platform/calendar-day.ts';
import { Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Flag01 = Type.Union([Type.Literal(0), Type.Literal(1)]);
const MoneyText = Type.String({ description: 'decimal text with the currency\'s decimals ("120.00"; "1500" for JPY)' });
const Time = Type.String({ description: 'HH:MM:SS ("" until set)' });

export const PropertyCard = Type.Object(
  {
    id: Type.Integer(),
    internal_name: Type.String({
      description:
        "the internal name for the listing's owner, admin and support; everyone else gets the public name here",
    }),
    public_name: Type.String(),
    type: Type.String({ description: 'name of the property type' }),
    address: Type.String(),
    location: Type.String({ description: '"<lat>,<lng>"' }),
    status: Type.String({ description: 'draft | active | inactive | archived' }),
    visibility: Flag01,
    breakfast_included: Flag01,
    pets_allowed: Flag01,
    recommended: Flag01,
    base_price: Type.String({ description: 'decimal text with the currency\'s decimals ("" until set)' }),
    price_per_night: Type.String({ description: 'decimal text with the currency\'s decimals ("" until set)' }),
    cleaning_fee: MoneyText,
    tax: Type.String({ description: 'tax rate in percent of the sub-total, decimal text ("10.00"; "0.00" when none)' }),
    security_deposit: MoneyText,
    capacity: Type.Integer({ description: '0 until set' }),
    rating: Type.String({ description: 'average review rating with one decimal ("4.5"); "0.0" without reviews' }),
    like_count: Type.Integer(),
    is_favorite: Type.Optional(
      Type.Boolean({ description: 'whether the caller has favorited it; only for signed-in callers' }),
    ),
    check_in_time: Time,
    check_in_time_end: Time,
    check_out_time: Time,
    currency: Type.String({ description: 'ISO 4217 code of every amount of the listing' }),
    timezone: Type.String({ description: 'IANA time zone of the listing' }),
    cover: Nullable(
      Type.Object(
        { url: Type.String(), thumbnail_url: Nullable(Type.String()) },
        { description: 'the first media by position, or null' },
      ),
    ),
    commodities: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() })),
    owner: Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      avatar: Nullable(Type.String()),
    }),
    distance_km: Type.Optional(
      Type.Number({ description: 'great-circle distance from `near`, km, two decimals; only when `near` is sent' }),
    ),
  },
  {
    $id: 'PropertyCard',
    description:
      'A listing in a list: the scalar members of the read form with the same names and types, plus currency, timezone, ' +
      'cover, owner (public members only) and, with `near`, distance_km. Never the Wi-Fi details. As in the read form, members of ' +
      'wizard steps a draft has not saved yet are "" (text) or 0 (numbers); drafts are seen only by their owner, admin and support.',
  },
);
export type PropertyCard = Static<typeof PropertyCard>;

export const CardPage = Paginated(PropertyCard);

const DateQ = (description: string) => CalendarDay(`${description}, YYYY-MM-DD`);
const StatusQ = Type.Union([
  Type.Literal('draft'),
  Type.Literal('active'),
  Type.Literal('inactive'),
  Type.Literal('archived'),
]);
const VisibilityQ = Type.Union([Type.Literal('0'), Type.Literal('1')]);

export const SearchQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'text in the public name, description or address (case-insensitive; % and _ are literal)',
    }),
  ),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'property type id' })),
  address: Type.Optional(Type.String({ maxLength: 200, description: 'part of the address (case-insensitive)' })),
  neighborhood: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'neighborhood id (GET /neighborhoods)' }),
  ),
  checkin_date: Type.Optional(DateQ('first night')),
  checkout_date: Type.Optional(DateQ('departure day (not a night of the stay)')),
  guests: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, description: 'total guests one unit must hold; default 1 with dates' }),
  ),
  min_price: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'price_per_night at least this, in `currency` units (compared exactly, in its minor units)',
    }),
  ),
  max_price: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'price_per_night at most this, in `currency` units (compared exactly, in its minor units)',
    }),
  ),
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{3}$',
      description: 'currency of min_price/max_price and of sort=price; default: the platform default currency',
    }),
  ),
  near: Type.Optional(Type.String({ maxLength: 60, description: '"<lat>,<lng>" in decimal degrees' })),
  radius_km: Type.Optional(Type.Number({ description: 'with near: more than 0, at most 500; default 25' })),
  commodities: Type.Optional(
    Type.String({
      maxLength: 400,
      description: 'comma-separated commodity ids; a listing must have all of them (at most 20)',
    }),
  ),
  sort: Type.Optional(
    Type.Union(
      [
        Type.Literal('newest'),
        Type.Literal('price'),
        Type.Literal('-price'),
        Type.Literal('rating'),
        Type.Literal('distance'),
      ],
      {
        description: 'newest (default), price, -price, rating (best first, unrated last), distance (needs near)',
      },
    ),
  ),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** `/properties/filter` and `/properties/public` only: the search plus `facets`. */
export const FacetsFlag = Type.Union([Type.Literal('0'), Type.Literal('1')], {
  description:
    '1: the answer also carries `facets` (counts per property type, commodity, neighborhood and a price histogram); 0 or absent: it does not',
});

const FacetValue = Type.Object({ id: Type.Integer(), name: Type.String(), count: Type.Integer() });
const PriceBucket = Type.Object({
  min: Type.Number({ description: 'lower bound, included' }),
  max: Type.Number({ description: "upper bound, excluded (the next bucket's min)" }),
  count: Type.Integer(),
});

export const SearchFacets = Type.Object(
  {
    types: Type.Array(FacetValue, {
      description: 'per property type (the `type` filter left out), most listings first',
    }),
    commodities: Type.Array(FacetValue, {
      description: 'per commodity (the `commodities` filter left out): listings that have it, most first',
    }),
    neighborhoods: Type.Array(FacetValue, {
      description: 'per neighborhood (the `neighborhood` filter left out), most listings first',
    }),
    price: Type.Array(PriceBucket, {
      description:
        'price_per_night histogram (min_price and max_price left out) in `currency` units, converted as min_price is (a listing ' +
        'priced exactly P falls in the bucket whose min ≤ P < max): consecutive ' +
        'buckets of one round width (1, 2 or 5 × a power of ten, at least 1) from the lowest price to the highest, empty ones included; ' +
        '[] when nothing matches',
    }),
  },
  {
    $id: 'SearchFacets',
    description:
      'Counts for the same search, each what meta.total says once that value is applied: a type, neighborhood or price bucket in ' +
      'place of the one sent (type=id, neighborhood=id, min_price=min with max_price just under max), a commodity added to those ' +
      'sent (commodities=<those sent>,id: listings must have every one). Like meta.total of a public search, a count stops at 1,000.',
  },
);
export type SearchFacets = Static<typeof SearchFacets>;

/** The page of cards, with `facets` beside `meta` when the query asked for them. */
export const FacetedCardPage = Type.Object({ ...CardPage.properties, facets: Type.Optional(SearchFacets) });

/** `/properties/filter` and `/properties`: the search plus status and visibility (what they may reach depends on the role). */
export const FilterQuery = Type.Object({
  ...SearchQuery.properties,
  status: Type.Optional(StatusQ),
  visibility: Type.Optional(VisibilityQ),
});
export type FilterQuery = Static<typeof FilterQuery>;

export const PublicSearchQuery = Type.Object({ ...SearchQuery.properties, facets: Type.Optional(FacetsFlag) });
export type PublicSearchQuery = Static<typeof PublicSearchQuery>;
export const FacetedFilterQuery = Type.Object({ ...FilterQuery.properties, facets: Type.Optional(FacetsFlag) });
export type FacetedFilterQuery = Static<typeof FacetedFilterQuery>;

export const FavoritesQuery = PageQuery;
