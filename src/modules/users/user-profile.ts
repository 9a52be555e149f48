// The flat user profile of the spec: every member a string except `id`.
import { Type, type Static } from 'typebox';
import type { UserRow } from './users.repository.ts';

const S = Type.String();

export const FlatProfile = Type.Object(
  {
    id: Type.Integer(),
    username: S,
    first_name: S,
    last_name: S,
    job: S,
    location: S,
    phone: S,
    phone_verified: S,
    email: S,
    email_verified: S,
    avatar: S,
    role: S,
    email_verified_at: S,
    is_active: S,
    last_login: S,
    time_zone: S,
    created_at: S,
    updated_at: S,
    user_type: S,
    company_name: S,
    country_region: S,
    id_type: S,
    id_number: S,
    id_expiry_date: S,
    id_photo_path: S,
    place_type: S,
    place_details: S,
    address: S,
    city: S,
    state: S,
    postal_code: S,
    country: S,
    latitude: S,
    longitude: S,
    locale: Type.Union([Type.Literal('en'), Type.Literal('fr')], {
      description: "Language of the account's e-mails (default en)",
    }),
  },
  {
    $id: 'FlatProfile',
    description: 'Flat user profile: every member a string except id; flags "0"/"1"; "" for unknown.',
  },
);
export type FlatProfile = Static<typeof FlatProfile>;

const str = (v: string | null | undefined) => v ?? '';
const flag = (v: boolean) => (v ? '1' : '0');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

export function toFlatProfile(u: UserRow): FlatProfile {
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    job: str(u.job),
    location: str(u.location),
    phone: str(u.phone),
    phone_verified: flag(u.phoneVerified),
    email: u.email,
    email_verified: flag(u.emailVerifiedAt !== null),
    avatar: str(u.avatar),
    role: u.role,
    email_verified_at: iso(u.emailVerifiedAt),
    is_active: flag(u.isActive),
    last_login: iso(u.lastLogin),
    time_zone: str(u.timeZone),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    user_type: str(u.userType),
    company_name: str(u.companyName),
    country_region: str(u.countryRegion),
    id_type: str(u.idType),
    id_number: str(u.idNumber),
    id_expiry_date: str(u.idExpiryDate),
    id_photo_path: str(u.idPhotoPath),
    place_type: str(u.placeType),
    place_details: str(u.placeDetails),
    address: str(u.address),
    city: str(u.city),
    state: str(u.state),
    postal_code: str(u.postalCode),
    country: str(u.country),
    latitude: str(u.latitude),
    longitude: str(u.longitude),
    locale: u.locale === 'fr' ? 'fr' : 'en',
  };
}
