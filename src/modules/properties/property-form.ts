// Turns the creation form's fields (any subset) into column changes, checking each field the
// schema cannot (references, ranges, the currency's decimals). Every bad field is reported in
// one 422, each under its own name.
import type { Deps } from '../../kernel/deps.ts';
import type { Executor } from '../../db/connection.ts';
import { AppError, forbidden, type FieldErrors } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { formatMinor, toMinor } from '../../kernel/money.ts';
import { POLICY_NAMES } from './cancellation-policies.ts';
import { propertiesRepository, type PropertyChanges, type PropertyRow } from './properties.repository.ts';
import type { PropertyFormBody } from './properties.schemas.ts';
import { propertyReferencesRepository } from './property-references.repository.ts';
import { stepsSent } from './property-steps.ts';

export interface ResolvedForm {
  changes: PropertyChanges;
  /** The new amenity set, when sent. */
  commodities?: number[];
  /** Steps the request carried fields of. */
  sent: number[];
}

const AMOUNTS = [
  ['base_price', 'basePrice'],
  ['price_per_night', 'pricePerNight'],
  ['cleaning_fee', 'cleaningFee'],
  ['security_deposit', 'securityDeposit'],
] as const;

/** A valid IANA zone name ("UTC", "Europe/Paris"), not an offset or an abbreviation. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function parseLocation(text: string): { latitude: number; longitude: number } | null {
  const [lat, lng] = text.split(',').map((s) => Number(s.trim()));
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat! < -90 || lat! > 90 || lng! < -180 || lng! > 180)
    return null;
  return { latitude: lat!, longitude: lng! };
}

const trimmedTexts = (xs: string[]) => xs.map((s) => s.trim()).filter((s) => s.length > 0);

/**
 * Who owns the listing after this request. An owner may only name themselves (403); an admin
 * may name any owner account (422 for another role or an unknown account).
 */
async function resolveOwner(
  db: Executor,
  caller: AuthUser,
  userId: number | undefined,
  current: PropertyRow | null,
  errors: FieldErrors,
): Promise<number | undefined> {
  const currentOwner = current?.ownerId ?? caller.id;
  if (userId === undefined || userId === currentOwner) return current ? undefined : currentOwner;
  if (caller.role !== 'admin') throw forbidden('An owner may only list properties under their own account');
  const role = await propertyReferencesRepository(db).liveUserRole(userId);
  if (role !== 'owner') {
    errors.user_id = [role ? 'must be an owner account' : 'no such account'];
    return undefined;
  }
  return userId;
}

/**
 * What every step reads and adds to: the request, the listing as it is (null when creating),
 * the column changes and the field errors so far.
 */
interface Draft {
  db: Executor;
  refs: ReturnType<typeof propertyReferencesRepository>;
  input: PropertyFormBody;
  current: PropertyRow | null;
  changes: PropertyChanges;
  errors: FieldErrors;
  fail(field: string, msg: string): void;
}

export async function resolveForm(
  deps: Deps,
  db: Executor,
  caller: AuthUser,
  input: PropertyFormBody,
  current: PropertyRow | null,
): Promise<ResolvedForm> {
  const errors: FieldErrors = {};
  const draft: Draft = {
    db,
    refs: propertyReferencesRepository(db),
    input,
    current,
    changes: {},
    errors,
    fail: (field, msg) => void (errors[field] ??= []).push(msg),
  };
  // The steps in the wizard's order: the 422's message names the first field that failed.
  await step1WhoYouAre(draft, caller);
  await step2Description(draft);
  await step3Location(draft, deps.config.DEFAULT_TIMEZONE);
  await step4Prices(draft);
  step5Stay(draft);
  step6Rules(draft);
  step7Channel(draft);
  const commodities = await step8Extras(draft);

  const first = Object.entries(errors)[0];
  if (first) throw new AppError('VALIDATION_FAILED', `${first[0]} ${first[1][0]}`, errors);
  return { changes: draft.changes, commodities, sent: stepsSent(input as Record<string, unknown>) };
}

async function step1WhoYouAre({ db, input, current, changes: c, errors }: Draft, caller: AuthUser): Promise<void> {
  const ownerId = await resolveOwner(db, caller, input.user_id, current, errors);
  if (ownerId !== undefined) c.ownerId = ownerId;
  if (input.who_are_you !== undefined) c.whoAreYou = input.who_are_you;
  if (input.name_of_structure !== undefined) c.nameOfStructure = input.name_of_structure.trim() || null;
}

async function step2Description({ refs, input, changes: c, fail }: Draft): Promise<void> {
  for (const [field, column] of [
    ['internal_name', 'internalName'],
    ['public_name', 'publicName'],
  ] as const) {
    const v = input[field];
    if (v === undefined) continue;
    if (v.trim().length < 2) fail(field, 'must have at least 2 characters');
    else c[column] = v.trim();
  }
  if (input.type !== undefined) {
    const id = /^[0-9]{1,15}$/.test(input.type.id.trim()) ? Number(input.type.id.trim()) : NaN;
    if (!Number.isSafeInteger(id) || !(await refs.typeExists(id))) fail('type.id', 'is not a known property type');
    else c.typeId = id;
  }
  if (input.description !== undefined) {
    if (input.description.trim().length < 20) fail('description', 'must have at least 20 characters');
    else c.description = input.description.trim();
  }
}

async function step3Location(
  { refs, input, current, changes: c, errors, fail }: Draft,
  defaultTimezone: string,
): Promise<void> {
  let country = current?.countryCode ?? null;
  if (input.country !== undefined) {
    const code = input.country.id.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code) || !(await refs.countryExists(code)))
      fail('country.id', 'is not a known ISO 3166-1 alpha-2 country code');
    else {
      c.countryCode = country = code;
      // A neighborhood belongs to one country; moving the listing abroad drops the old one.
      if (current?.neighborhoodId && code !== current.countryCode && input.neighborhood_id === undefined)
        c.neighborhoodId = null;
    }
  }
  if (input.address !== undefined) c.address = input.address.trim();
  if (input.location !== undefined) {
    const loc = parseLocation(input.location);
    if (!loc) fail('location', 'must be "<lat>,<lng>" with latitude −90..90 and longitude −180..180');
    else Object.assign(c, loc);
  }
  if (input.neighborhood_id !== undefined) {
    const where = await refs.neighborhoodCountry(input.neighborhood_id);
    if (!where) fail('neighborhood_id', 'is not a known neighborhood');
    else if (errors['country.id']) {
      // the country is already reported
    } else if (where !== country)
      fail('neighborhood_id', country ? `is not in country ${country}` : "needs the listing's country first");
    else c.neighborhoodId = input.neighborhood_id;
  }
  if (input.timezone !== undefined) {
    if (!isTimeZone(input.timezone)) fail('timezone', 'is not an IANA time zone name');
    else c.timezone = input.timezone;
  } else if (!current) c.timezone = isTimeZone(defaultTimezone) ? defaultTimezone : 'UTC';
}

/** Step 4: amounts are read in the decimals of the currency the listing will have. */
async function step4Prices(draft: Draft): Promise<void> {
  const { input, changes: c, fail } = draft;
  const decimals = await newCurrencyDecimals(draft);
  for (const [field, column] of AMOUNTS) {
    const v = input[field];
    if (v === undefined || decimals === null) continue;
    const minor = toMinor(v, decimals);
    if (minor === null) fail(field, `must have at most ${decimals} decimals`);
    else c[column] = minor;
  }
  const decimalText = (
    field: 'pricing' | 'tax' | 'weekly_discount_percent' | 'monthly_discount_percent',
    places: number,
  ) => {
    const v = input[field];
    if (v === undefined) return undefined;
    const scaled = toMinor(v, places);
    if (scaled === null) return void fail(field, `must have at most ${places} decimals`);
    return formatMinor(scaled, places);
  };
  const pricing = decimalText('pricing', 4);
  if (pricing !== undefined) c.pricing = pricing;
  const tax = decimalText('tax', 3);
  if (tax !== undefined) c.taxRate = tax;
  const weekly = decimalText('weekly_discount_percent', 2);
  if (weekly !== undefined) c.weeklyDiscountPercent = weekly;
  const monthly = decimalText('monthly_discount_percent', 2);
  if (monthly !== undefined) c.monthlyDiscountPercent = monthly;
}

/**
 * The decimals of the currency the listing will have: the one sent, else its current one, else
 * the default. null when the one sent (or the default) is missing: no amount can be read then.
 */
async function newCurrencyDecimals({ db, refs, input, current, changes: c, fail }: Draft): Promise<number | null> {
  if (input.currency !== undefined) {
    const cur = await refs.activeCurrency(input.currency.toUpperCase());
    if (!cur) {
      fail('currency', 'is not an active currency');
      return null;
    }
    if (cur.code !== current?.currencyCode) c.currencyCode = cur.code;
    if (current && cur.code !== current.currencyCode) await checkCurrencyChange(db, current, cur.decimals, input, fail);
    return cur.decimals;
  }
  if (current) return (await refs.currency(current.currencyCode))?.decimals ?? 2;
  const cur = await refs.defaultCurrency();
  if (!cur) {
    fail('currency', 'is required: no default currency is configured');
    return null;
  }
  c.currencyCode = cur.code;
  return cur.decimals;
}

function step5Stay({ input, changes: c }: Draft): void {
  if (input.capacity !== undefined) c.capacity = input.capacity;
  if (input.square_footage !== undefined) c.squareFootage = input.square_footage;
  if (input.check_in_time !== undefined) c.checkInTime = input.check_in_time;
  if (input.check_in_time_end !== undefined) c.checkInTimeEnd = input.check_in_time_end;
  if (input.check_out_time !== undefined) c.checkOutTime = input.check_out_time;
  if (input.breakfast_included !== undefined) c.breakfastIncluded = input.breakfast_included;
  if (input.pets_allowed !== undefined) c.petsAllowed = input.pets_allowed;
}

function step6Rules({ input, changes: c }: Draft): void {
  if (input.rules !== undefined) c.rules = trimmedTexts(input.rules);
  if (input.specifications !== undefined) c.specifications = trimmedTexts(input.specifications);
  if (input.features !== undefined) c.features = trimmedTexts(input.features);
  if (input.cancellation_policy !== undefined)
    c.cancellationPolicy = POLICY_NAMES.filter((n) => input.cancellation_policy!.includes(n));
}

function step7Channel({ input, changes: c }: Draft): void {
  if (input.channel_sync_now !== undefined) c.channelSyncRequested = input.channel_sync_now;
}

/** Step 8 and the amenities; returns the new amenity set, when sent and known. */
async function step8Extras({ refs, input, changes: c, fail }: Draft): Promise<number[] | undefined> {
  if (input.some_informations !== undefined) {
    c.someInformations = input.some_informations
      .map((i) => ({ key: i.key.trim(), value: i.value }))
      .filter((i) => i.key.length > 0);
  }
  if (input.wifi_informations !== undefined) c.wifiInformations = input.wifi_informations;
  if (input.commodities === undefined) return undefined;
  const unknown = await refs.unknownCommodities(input.commodities);
  if (unknown.length) {
    fail('commodities', `unknown amenity ids: ${unknown.join(', ')}`);
    return undefined;
  }
  return [...new Set(input.commodities)];
}

// Minor units only mean something with their exponent: moving to a currency with other
// decimals would misread every stored amount, here and in the listing's packages, services,
// rate plans and fixed discounts. Same decimals: the amounts keep their value in the new currency.
async function checkCurrencyChange(
  db: Executor,
  current: PropertyRow,
  newDecimals: number,
  input: PropertyFormBody,
  fail: (f: string, m: string) => void,
) {
  const oldDecimals = (await propertyReferencesRepository(db).currency(current.currencyCode))?.decimals ?? 2;
  if (oldDecimals === newDecimals) return;
  const keptAmount = AMOUNTS.some(([field, column]) => current[column] !== null && input[field] === undefined);
  if (keptAmount || (await propertiesRepository(db).hasPricedExtras(current.id))) {
    fail(
      'currency',
      `cannot change from ${current.currencyCode} to a currency with ${newDecimals} decimals while amounts are stored in ${oldDecimals}; send every amount again with the new currency, or remove priced extras first`,
    );
  }
}
