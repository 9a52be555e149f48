// Request and response shapes of the listing routes (spec: "Property creation form (8 steps)",
// "Property (read form)", second read variant; contract §5 for what the spec leaves open).
import { Type, type Static } from 'typebox';
import { Envelope, Paginated } from '../../platform/envelope.ts';
import { PageQuery } from '../../platform/pagination.ts';
import { OwnerListItem, PropertyReadForm } from './property-read-form.ts';
import { OneLine } from '../../platform/one-line.ts';

const IdOf = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });
const Id = IdOf();
const Amount = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1e12, description }));
const Percent = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 100, description }));
const Time = (description: string) =>
  Type.Optional(
    Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$', description: `HH:MM:SS; ${description}` }),
  );
const Flag = (description: string) => Type.Optional(Type.Boolean({ description: `true/false or 1/0; ${description}` }));
const Texts = (description: string) =>
  Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 100, description }));
const Ref = (idDescription: string) =>
  Type.Object({
    id: Type.String({ minLength: 1, maxLength: 20, description: idDescription }),
    name: Type.Optional(OneLine({ maxLength: 200, description: 'ignored' })),
  });

export const CancellationPolicyName = Type.Union([
  Type.Literal('flexible'),
  Type.Literal('moderate'),
  Type.Literal('strict'),
]);

/** The eight steps' fields; every one optional per request (a wizard sends one step at a time). */
export const propertyFormFields = {
  // Step 1
  who_are_you: Type.Optional(
    Type.Union([Type.Literal('individual'), Type.Literal('company')], { description: 'step 1' }),
  ),
  user_id: Type.Optional(
    IdOf(
      'step 1: the owner. An owner may only name themselves (403); an admin may name any owner account (422 for another role); default the caller',
    ),
  ),
  name_of_structure: Type.Optional(OneLine({ maxLength: 200, description: 'step 1, optional' })),
  // Step 2
  internal_name: Type.Optional(
    OneLine({
      minLength: 2,
      maxLength: 200,
      description: 'step 2: at least 2 characters (not counting surrounding spaces); internal/admin use',
    }),
  ),
  public_name: Type.Optional(
    OneLine({ minLength: 2, maxLength: 200, description: 'step 2: at least 2 characters; visible to travellers' }),
  ),
  type: Type.Optional(Ref('step 2: a property type id (GET /property-types); unknown → 422 type.id')),
  description: Type.Optional(
    Type.String({ minLength: 20, maxLength: 20_000, description: 'step 2: at least 20 characters' }),
  ),
  // Step 3
  country: Type.Optional(Ref('step 3: ISO 3166-1 alpha-2 code (GET /countries); unknown → 422 country.id')),
  address: Type.Optional(OneLine({ minLength: 1, maxLength: 500, notBlank: true, description: 'step 3' })),
  location: Type.Optional(
    Type.String({
      pattern: '^ *-?[0-9]+(\\.[0-9]+)? *, *-?[0-9]+(\\.[0-9]+)? *$',
      maxLength: 60,
      description: 'step 3: "<lat>,<lng>", latitude −90..90, longitude −180..180',
    }),
  ),
  neighborhood_id: Type.Optional(
    IdOf("step 3, optional: a neighborhood of the listing's country (GET /neighborhoods?country=)"),
  ),
  timezone: Type.Optional(
    OneLine({
      minLength: 1,
      maxLength: 64,
      description:
        'IANA time zone (Europe/Paris); default DEFAULT_TIMEZONE. "Today", check-in instants and cut-offs are computed in it',
    }),
  ),
  // Step 4
  currency: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{3}$',
      description:
        'ISO 4217 code of an active currency (GET /currencies); default the default currency. Amounts are read in its decimals',
    }),
  ),
  base_price: Amount("step 4, in currency units, at most the currency's decimals (422 otherwise)"),
  price_per_night: Amount('step 4, the nightly price of a listing without room types'),
  pricing: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: 1e12,
      description: 'step 4: no stated meaning; stored and returned unchanged (up to 4 decimals)',
    }),
  ),
  cleaning_fee: Amount('step 4, per stay; absent means none'),
  tax: Percent('step 4: tax rate in percent of the sub-total (up to 3 decimals)'),
  security_deposit: Amount('step 4; absent means none'),
  weekly_discount_percent: Percent('long-stay discount for 7+ nights'),
  monthly_discount_percent: Percent('long-stay discount for 28+ nights'),
  // Step 5
  capacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, description: 'step 5: guests' })),
  square_footage: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'step 5, optional' })),
  check_in_time: Time('step 5'),
  check_in_time_end: Time('step 5, optional: latest check-in'),
  check_out_time: Time('step 5'),
  breakfast_included: Flag('step 5'),
  pets_allowed: Flag('step 5'),
  // Step 6
  rules: Texts('step 6: house rules'),
  cancellation_policy: Type.Optional(
    Type.Array(CancellationPolicyName, {
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      description:
        'step 6: one or more of flexible, moderate, strict (contract §5 refund rules); read back as {flexible, moderate, strict, description}',
    }),
  ),
  specifications: Texts('step 6'),
  features: Texts('step 6'),
  // Step 7
  channel_sync_now: Flag(
    'step 7, optional: asks for the listing to be linked to the channel manager. Stored as a request; it is acted on once a channel manager adapter is configured (none by default)',
  ),
  // Step 8
  some_informations: Type.Optional(
    Type.Array(
      Type.Object({ key: OneLine({ minLength: 1, maxLength: 200 }), value: Type.String({ maxLength: 2000 }) }),
      { maxItems: 100, description: 'step 8' },
    ),
  ),
  wifi_informations: Type.Optional(
    Type.Union(
      [
        Type.Object({
          network: OneLine({ maxLength: 200 }),
          password: Type.String({ maxLength: 200 }),
          speed: OneLine({ maxLength: 100 }),
        }),
        Type.Null(),
      ],
      { description: 'step 8: never shown on public routes; null clears it' },
    ),
  ),
  commodities: Type.Optional(
    Type.Array(Id, {
      maxItems: 300,
      uniqueItems: true,
      description: 'amenity ids (GET /commodities); replaces the set; unknown ids → 422',
    }),
  ),
};

export const PropertyFormBody = Type.Object(propertyFormFields, {
  description:
    'The 8-step creation form. Every field is optional per request; fields not listed are ignored. Each invalid field is a 422 naming it ' +
    '(nested: type.id, country.id). Steps 1–6 are required for the listing to leave draft: 1 who_are_you; 2 internal_name, public_name, type, ' +
    'description; 3 country, address, location; 4 base_price, price_per_night; 5 capacity, check_in_time, check_out_time; 6 at least one ' +
    'cancellation_policy. Steps 7 and 8 are optional and count as done once sent. When the last required step is saved the draft becomes active.',
});
export type PropertyFormBody = Static<typeof PropertyFormBody>;

export const UpdatePropertyBody = Type.Object(
  {
    ...propertyFormFields,
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('inactive')], {
        description:
          'active ↔ inactive by the owner or an admin. A draft becomes active only once steps 1–6 are complete (409 otherwise); an archived listing cannot change (409)',
      }),
    ),
    visibility: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1, description: '0 hides an active listing from travellers, 1 shows it' }),
    ),
    recommended: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: 'admin only (403 for owners)' })),
  },
  {
    description:
      "Partial update: only the fields sent change, with the creation form's rules, plus status, visibility and recommended.",
  },
);
export type UpdatePropertyBody = Static<typeof UpdatePropertyBody>;

export const PropertyParams = Type.Object({ id: Id });
export const OwnerParams = Type.Object({ userId: Id });
export const OwnerListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.Union([Type.Literal('draft'), Type.Literal('active'), Type.Literal('inactive'), Type.Literal('archived')], {
      description: 'only listings in this status; default every status except archived',
    }),
  ),
});

export const PropertyResponse = Envelope(PropertyReadForm);
export const OwnerListResponse = Paginated(OwnerListItem);
export const DeleteResponse = Envelope(
  Type.Object({ id: Type.Integer(), status: Type.Union([Type.Literal('deleted'), Type.Literal('archived')]) }),
);
export const FavoriteState = Envelope(Type.Object({ is_favorite: Type.Boolean() }));
export const FavoriteChange = Envelope(Type.Object({ is_favorite: Type.Boolean(), like_count: Type.Integer() }));
