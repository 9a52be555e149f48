// Turns a validated update body into the columns that really change. The change set is built
// from this list of names only, so no other member of the body (email_verified_at, password_hash,
// id, deleted_at, ...) can ever reach the row.
import { invalidField } from '../../platform/errors.ts';
import type { NewUser, UserRow } from './users.repository.ts';
import type { UpdateUserBody } from './users.schemas.ts';

type Column = keyof UserRow & keyof NewUser;

const FIELD_COLUMNS = {
  username: 'username',
  first_name: 'firstName',
  last_name: 'lastName',
  job: 'job',
  location: 'location',
  time_zone: 'timeZone',
  email: 'email',
  phone: 'phone',
  user_type: 'userType',
  company_name: 'companyName',
  country_region: 'countryRegion',
  id_type: 'idType',
  id_number: 'idNumber',
  id_expiry_date: 'idExpiryDate',
  place_type: 'placeType',
  place_details: 'placeDetails',
  address: 'address',
  city: 'city',
  state: 'state',
  postal_code: 'postalCode',
  country: 'country',
  latitude: 'latitude',
  longitude: 'longitude',
  locale: 'locale',
} as const satisfies Record<string, Column>;

export type ProfileField = keyof typeof FIELD_COLUMNS;

/** The identity members an applicant cannot change while an owner request is pending or approved. */
export const KYC_IDENTITY_FIELDS: readonly ProfileField[] = [
  'user_type',
  'company_name',
  'id_type',
  'id_number',
  'id_expiry_date',
];

// Columns that cannot be null keep the value they are sent; the others store "" as null, which
// the flat profile shows as "" again.
const NOT_NULL = new Set<ProfileField>(['username', 'first_name', 'last_name', 'email', 'locale']);

export interface ChangeSet {
  changes: Partial<NewUser>;
  /** Changed members only, in API names: what the audit trail records. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The canonical IANA name (e.g. "europe/paris" → "Europe/Paris"), or a 422 naming time_zone. */
export function canonicalTimeZone(tz: string): string {
  if (/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
    } catch {
      // not a zone this runtime knows
    }
  }
  throw invalidField('time_zone', 'must be an IANA time zone name such as Europe/Paris');
}

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function normalise(field: ProfileField, raw: string | number): string | null {
  if (typeof raw === 'number') return String(raw);
  const v = raw.trim();
  if (v === '') {
    if (NOT_NULL.has(field)) throw invalidField(field, 'must not be empty');
    return null;
  }
  if (field === 'time_zone') return canonicalTimeZone(v);
  if (field === 'id_expiry_date' && !isRealDate(v)) throw invalidField(field, 'must be a real date (YYYY-MM-DD)');
  return v;
}

/** The profile members of `input` whose value differs from the row. */
export function profileChanges(input: UpdateUserBody, row: UserRow): ChangeSet {
  const out: ChangeSet = { changes: {}, before: {}, after: {} };
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as Array<[ProfileField, Column]>) {
    const raw = input[field];
    if (raw === undefined) continue;
    const value = normalise(field, raw);
    const current = row[column] as string | null;
    if (value === current) continue;
    (out.changes as Record<string, unknown>)[column] = value;
    out.before[field] = current;
    out.after[field] = value;
  }
  return out;
}

export const parseFlag = (v: string) => v === '1' || v === 'true';
