// Request and response shapes of the catalogue routes.
import { Type, type Static } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { CommodityView, CountryView, NeighborhoodView, PropertyTypeView } from './catalog-views.ts';
import { CurrencyModel } from './currency-views.ts';
import { OneLine } from '../../platform/one-line.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Name = (maxLength = 100) =>
  OneLine({ minLength: 1, maxLength, notBlank: true, description: 'surrounding spaces are trimmed' });
export const CountryCode = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description: 'ISO 3166-1 alpha-2 code (case-insensitive)',
});
const CommodityType = Type.String({
  pattern: '^[a-z][a-z0-9_]{1,39}$',
  description: 'group key: lowercase letters, digits, underscore (e.g. kitchen, outdoor)',
});
const Rate = Type.Union([Type.Number(), Type.String({ maxLength: 30 })], {
  description:
    'units of this currency per one unit of the default currency, > 0, at most 8 decimals; a JSON number or decimal text ("1.08")',
});

export const IdParams = Type.Object({ id: Id });
export const CodeParams = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code (case-insensitive)' }),
});

// Property types
export const PropertyTypeBody = Type.Object({
  name: Name(),
  description: Type.Optional(
    Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'null or empty clears it' }),
  ),
});
export type PropertyTypeBody = Static<typeof PropertyTypeBody>;
export const PropertyTypePatch = Type.Partial(PropertyTypeBody);
export type PropertyTypePatch = Static<typeof PropertyTypePatch>;
export const PropertyTypeResponse = Envelope(PropertyTypeView);
export const PropertyTypePage = Paginated(PropertyTypeView);

// Commodities
export const CommodityQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(Type.String({ maxLength: 40, description: 'only this group (exact, case-insensitive)' })),
});
export type CommodityQuery = Static<typeof CommodityQuery>;
export const CommodityBody = Type.Object({ name: Name(), type: CommodityType });
export type CommodityBody = Static<typeof CommodityBody>;
export const CommodityPatch = Type.Partial(CommodityBody);
export type CommodityPatch = Static<typeof CommodityPatch>;
export const CommodityResponse = Envelope(CommodityView);
export const CommodityPage = Paginated(CommodityView);

// Countries and neighborhoods
export const CountryQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'the exact code, or any part of the name (case-insensitive)' }),
  ),
});
export const CountryPage = Paginated(CountryView);
export const NeighborhoodQuery = Type.Object({
  ...PageQuery.properties,
  country: CountryCode,
  city: Type.Optional(Type.String({ maxLength: 100, description: 'only this city (exact, case-insensitive)' })),
});
export type NeighborhoodQuery = Static<typeof NeighborhoodQuery>;
export const NeighborhoodBody = Type.Object({ country: CountryCode, city: Name(), name: Name() });
export type NeighborhoodBody = Static<typeof NeighborhoodBody>;
export const NeighborhoodResponse = Envelope(NeighborhoodView);
export const NeighborhoodPage = Paginated(NeighborhoodView);

// Currencies
export const CurrencyQuery = Type.Object({
  ...PageQuery.properties,
  all: Type.Optional(
    Type.String({
      pattern: '^(0|1|true|false)$',
      description: '"1"/true: include inactive currencies; admin only (401 anonymous, 403 other roles)',
    }),
  ),
});
export type CurrencyQuery = Static<typeof CurrencyQuery>;
export const CurrencyBody = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code; stored upper-case; unique (409)' }),
  name: Name(),
  symbol: Name(10),
  decimals: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4,
      default: 2,
      description: 'ISO 4217 minor-unit exponent; fixed once created (stored amounts depend on it)',
    }),
  ),
  exchange_rate: Rate,
  is_active: Type.Optional(Type.Boolean({ default: true })),
  is_default: Type.Optional(Type.Boolean({ default: false })),
});
export type CurrencyBody = Static<typeof CurrencyBody>;
export const CurrencyPatch = Type.Object({
  name: Type.Optional(Name()),
  symbol: Type.Optional(Name(10)),
  exchange_rate: Type.Optional(Rate),
  is_active: Type.Optional(Type.Boolean()),
  is_default: Type.Optional(Type.Boolean()),
});
export type CurrencyPatch = Static<typeof CurrencyPatch>;
export const CurrencyResponse = Envelope(CurrencyModel);
export const CurrencyPage = Paginated(CurrencyModel);
