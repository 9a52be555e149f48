// The listing's read form (GET /properties/{id}) and the owner-list variant whose nested members
// are JSON-encoded strings. Pure mapping: the rows come from the read repository, the sections
// other modules own (media, rules, room types) come already shaped (read-form-sections.ts).
import { Type, type Static } from 'typebox';
import { formatMinor } from '../../kernel/money.ts';
import type { PropertyRow } from './properties.repository.ts';
import type { BookedNight, CommodityEntry, CurrencyRow, OwnerRow } from './property-read.repository.ts';
import {
  MediaView,
  OfferView,
  PackageView,
  RoomTypeView,
  SeasonView,
  type SectionMembers,
} from './read-form-sections.ts';
import { currencyModelView, CurrencyModel } from '../catalog/index.ts';
import { cancellationPolicyView, CancellationPolicyRead } from './cancellation-policies.ts';

const S = Type.String();
const Flag01 = Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Money = (d: string) =>
  Type.String({ description: `decimal text in the listing currency's decimals ("120.00"); ${d}` });

export const CommodityView = Type.Object({ id: Type.Integer(), name: S, type: S });
export const OwnerView = Type.Object({
  id: Type.Integer(),
  username: S,
  first_name: S,
  last_name: S,
  location: S,
  email: Type.String({ description: 'shown to signed-in callers; "" for anonymous callers' }),
  avatar: NullableString,
  phone: Type.String({ description: 'shown to signed-in callers; "" for anonymous callers or when unknown' }),
});
export const SomeInformation = Type.Object({ key: S, value: S });

export const PropertyReadForm = Type.Object(
  {
    id: Type.Integer(),
    user_id: Type.Integer({ description: "the owner's account id" }),
    internal_name: S,
    public_name: S,
    type: Type.String({ description: 'the property type\'s name ("" in a draft without one)' }),
    type_id: Type.Union([Type.Integer(), Type.Null()]),
    description: S,
    address: S,
    location: Type.String({ description: '"<lat>,<lng>" ("" in a draft without one)' }),
    country_id: NullableString,
    neighborhood_id: Type.Union([Type.Integer(), Type.Null()]),
    status: Type.String({ description: 'draft | active | inactive | archived' }),
    visibility: Flag01,
    breakfast_included: Flag01,
    pets_allowed: Flag01,
    recommended: Flag01,
    base_price: Money('"" in a draft without it'),
    price_per_night: Money('"" in a draft without it'),
    capacity: Type.Integer({ description: '0 in a draft without it' }),
    cleaning_fee: Money('"0.00" when none'),
    tax: Type.String({ description: 'tax rate in percent as decimal text ("10.00"); "0.00" when none' }),
    security_deposit: Money('"0.00" when none'),
    rating: Type.String({ description: 'average review rating with one decimal ("4.5"); "0.0" without reviews' }),
    like_count: Type.Integer(),
    is_favorite: Type.Optional(Type.Boolean({ description: 'only when the caller is signed in' })),
    is_reserved: Type.Boolean({
      description: "whether any night of the coming year (from the listing's today, 366 nights) is booked",
    }),
    reserved_dates: Type.Array(S, {
      description:
        "nights (YYYY-MM-DD) of the coming year (from the listing's today, 366 nights) with no unit left to book; " +
        'later nights: GET /properties/{id}/availability',
    }),
    check_in_time: S,
    check_in_time_end: S,
    check_out_time: S,
    commodities: Type.Array(CommodityView),
    medias: Type.Array(MediaView),
    seasons: Type.Array(SeasonView),
    offers: Type.Array(OfferView),
    packages: Type.Array(PackageView),
    owner: OwnerView,
    channel_property_id: NullableString,
    channel_synced_at: NullableString,
    channel_sync_requested: Type.Boolean(),
    channel_room_types: Type.Array(RoomTypeView),
    currency_model: Type.Union([CurrencyModel, Type.Null()]),
    currency: S,
    timezone: S,
    weekly_discount_percent: Type.Number(),
    monthly_discount_percent: Type.Number(),
    square_footage: Type.Union([Type.Integer(), Type.Null()]),
    rules: Type.Array(S),
    cancellation_policy: Type.Union([CancellationPolicyRead, Type.Null()]),
    specifications: Type.Array(S),
    features: Type.Array(S),
    some_informations: Type.Array(SomeInformation),
    pricing: Type.Union([Type.Number(), Type.Null()], { description: "step 4's pricing, returned as it was sent" }),
    who_are_you: NullableString,
    name_of_structure: NullableString,
    completed_steps: Type.Array(Type.Integer(), {
      description: 'wizard steps saved (1–8); steps 1–6 are required to leave draft',
    }),
    created_at: S,
    updated_at: S,
  },
  {
    $id: 'PropertyReadForm',
    description:
      'Property read form. Wi-Fi details are never part of it; the owner reads them from GET /properties/owner/{userId}.',
  },
);
export type PropertyReadForm = Static<typeof PropertyReadForm>;

const Encoded = (of: string) => Type.String({ description: `JSON-encoded ${of}; parse it` });

/** The second read variant: the nested members as JSON-encoded strings. */
export const OwnerListItem = Type.Object(
  {
    ...PropertyReadForm.properties,
    features: Encoded('string[]'),
    commodities: Encoded('array of {id, name, type}'),
    rules: Encoded('string[]'),
    wifi_informations: Encoded('{network, password, speed} or null (null for support)'),
    cancellation_policy: Encoded('null or {flexible, moderate, strict, description}'),
    specifications: Encoded('string[]'),
    some_informations: Encoded('array of {key, value}'),
  },
  {
    $id: 'OwnerListItem',
    description:
      'A listing as the owner list shows it: the read form with features, commodities, rules, wifi_informations, cancellation_policy, specifications and some_informations as JSON-encoded strings.',
  },
);
export type OwnerListItem = Static<typeof OwnerListItem>;

/** What the read form needs around one listing, loaded in batches by load-read-forms.ts. */
export interface ReadFormParts {
  typeName: string | undefined;
  owner: OwnerRow;
  currency: CurrencyRow | undefined;
  commodities: CommodityEntry[];
  /** Media, seasons, offers, packages and room types, from the modules that own them. */
  sections: SectionMembers;
  bookedNights: BookedNight[];
  /** undefined when nobody is signed in. */
  isFavorite: boolean | undefined;
  showContact: boolean;
}

const flag = (b: boolean) => (b ? 1 : 0);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A percent kept as NUMERIC, as text with at least two decimals ("10.00", "7.125"). */
export function percentText(value: string | null): string {
  const n = value ?? '0';
  const [whole, frac = ''] = n.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
}

/** Average rating with one decimal, "0.0" when there are no reviews. */
export function ratingText(sum: number, count: number): string {
  if (count <= 0) return '0.0';
  return (Math.round((sum * 10) / count) / 10).toFixed(1);
}

/** The read form's members that follow bookings rather than the listing. */
export function availabilityOf(bookedNights: BookedNight[]): Pick<PropertyReadForm, 'is_reserved' | 'reserved_dates'> {
  return {
    is_reserved: bookedNights.length > 0,
    reserved_dates: bookedNights.filter((n) => n.full).map((n) => n.night),
  };
}

/** The decimals amounts of a listing are read in (its currency's; 2 when the currency is gone). */
export const listingDecimals = (currency: CurrencyRow | undefined) => currency?.decimals ?? 2;

export function toReadForm(p: PropertyRow, x: ReadFormParts): PropertyReadForm {
  const decimals = listingDecimals(x.currency);
  const amount = (v: number | null, whenNull: string) => (v === null ? whenNull : formatMinor(v, decimals));
  const form: PropertyReadForm = {
    id: p.id,
    user_id: p.ownerId,
    internal_name: p.internalName ?? '',
    public_name: p.publicName ?? '',
    type: x.typeName ?? '',
    type_id: p.typeId,
    description: p.description ?? '',
    address: p.address ?? '',
    location: p.latitude !== null && p.longitude !== null ? `${p.latitude},${p.longitude}` : '',
    country_id: p.countryCode,
    neighborhood_id: p.neighborhoodId,
    status: p.status,
    visibility: flag(p.visibility),
    breakfast_included: flag(p.breakfastIncluded),
    pets_allowed: flag(p.petsAllowed),
    recommended: flag(p.recommended),
    base_price: amount(p.basePrice, ''),
    price_per_night: amount(p.pricePerNight, ''),
    capacity: p.capacity ?? 0,
    cleaning_fee: amount(p.cleaningFee, formatMinor(0, decimals)),
    tax: percentText(p.taxRate),
    security_deposit: amount(p.securityDeposit, formatMinor(0, decimals)),
    rating: ratingText(p.ratingSum, p.ratingCount),
    like_count: p.likeCount,
    ...availabilityOf(x.bookedNights),
    check_in_time: p.checkInTime ?? '',
    check_in_time_end: p.checkInTimeEnd ?? '',
    check_out_time: p.checkOutTime ?? '',
    commodities: x.commodities.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    medias: x.sections.medias,
    seasons: x.sections.seasons,
    offers: x.sections.offers,
    packages: x.sections.packages,
    owner: {
      id: x.owner.id,
      username: x.owner.username,
      first_name: x.owner.firstName,
      last_name: x.owner.lastName,
      location: x.owner.location ?? '',
      email: x.showContact ? x.owner.email : '',
      avatar: x.owner.avatar || null,
      phone: x.showContact ? (x.owner.phone ?? '') : '',
    },
    channel_property_id: p.channelPropertyId,
    channel_synced_at: iso(p.channelSyncedAt),
    channel_sync_requested: p.channelSyncRequested,
    channel_room_types: x.sections.channel_room_types,
    currency_model: x.currency ? currencyModelView(x.currency) : null,
    currency: p.currencyCode,
    timezone: p.timezone,
    weekly_discount_percent: Number(p.weeklyDiscountPercent),
    monthly_discount_percent: Number(p.monthlyDiscountPercent),
    square_footage: p.squareFootage,
    rules: p.rules,
    cancellation_policy: cancellationPolicyView(p.cancellationPolicy),
    specifications: p.specifications,
    features: p.features,
    some_informations: p.someInformations,
    pricing: p.pricing === null ? null : Number(p.pricing),
    who_are_you: p.whoAreYou,
    name_of_structure: p.nameOfStructure,
    completed_steps: p.completedSteps,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
  if (x.isFavorite !== undefined) form.is_favorite = x.isFavorite;
  return form;
}

/** The owner-list variant of a read form; Wi-Fi details only when `showWifi`. */
export function toOwnerListItem(form: PropertyReadForm, p: PropertyRow, showWifi: boolean): OwnerListItem {
  return {
    ...form,
    features: JSON.stringify(form.features),
    commodities: JSON.stringify(form.commodities),
    rules: JSON.stringify(form.rules),
    wifi_informations: JSON.stringify(showWifi ? p.wifiInformations : null),
    cancellation_policy: JSON.stringify(form.cancellation_policy),
    specifications: JSON.stringify(form.specifications),
    some_informations: JSON.stringify(form.some_informations),
  };
}
