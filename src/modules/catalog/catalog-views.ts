// Read shapes of the reference data (spec: "Property type", the commodities member of the
// property read form; contract §5 for countries and neighborhoods).
import { Type, type Static } from 'typebox';
import type { commodities, countries, neighborhoods, propertyTypes } from '../../db/schema/index.ts';

export const PropertyTypeView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()], {
    description: 'optional in the spec: null when there is none',
  }),
  created_at: Type.String({ description: 'ISO 8601 UTC' }),
  updated_at: Type.String({ description: 'ISO 8601 UTC' }),
});

export const CommodityView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String({
    description:
      'the group: essentials, kitchen, safety, outdoor, parking, accessibility, entertainment, work, family, facilities, …',
  }),
});

export const CountryView = Type.Object({
  id: Type.String({ description: 'ISO 3166-1 alpha-2 code: the `country.id` of the property creation form' }),
  name: Type.String({ description: 'English short name' }),
});

export const NeighborhoodView = Type.Object({
  id: Type.Integer({ description: 'the `neighborhood_id` of the property creation form' }),
  country: Type.String({ description: 'ISO 3166-1 alpha-2 code' }),
  city: Type.String(),
  name: Type.String(),
});

export const propertyTypeView = (r: typeof propertyTypes.$inferSelect): Static<typeof PropertyTypeView> => ({
  id: r.id,
  name: r.name,
  description: r.description,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const commodityView = (r: typeof commodities.$inferSelect): Static<typeof CommodityView> => ({
  id: r.id,
  name: r.name,
  type: r.type,
});

export const countryView = (r: typeof countries.$inferSelect): Static<typeof CountryView> => ({
  id: r.code,
  name: r.name,
});

export const neighborhoodView = (r: typeof neighborhoods.$inferSelect): Static<typeof NeighborhoodView> => ({
  id: r.id,
  country: r.countryCode,
  city: r.city,
  name: r.name,
});
