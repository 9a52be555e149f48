// What a listing must have before it is linked: Channex takes a property with a title and a
// currency, but refuses to connect it to any travel platform until its email, phone, zip code,
// country, state, city, address, latitude and longitude are filled ("optional at initial setup
// step, but required when you try connect first 3rd party service",
// https://docs.channex.io/api-v.1-documentation/hotels-collection). We ask for them before linking,
// so a linked listing can be connected at once. The listing has the name, country, address and
// position (steps 2 and 3); the owner's profile gives the e-mail and the phone, the listing's
// neighbourhood the city; the rest is sent with the link request and kept.
import type { Executor } from '../../db/connection.ts';
import type { PropertyRow } from '../properties/index.ts';
import { channelSentRepository, type ContactInput } from './channel-sent.repository.ts';

export interface ChannelContact {
  email: string | null;
  phone: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
}

export async function channelContact(db: Executor, propertyId: number): Promise<ChannelContact> {
  const row = await channelSentRepository(db).contact(propertyId);
  return {
    email: row?.email ?? row?.ownerEmail ?? null,
    phone: row?.phone ?? row?.ownerPhone ?? null,
    zipCode: row?.zipCode ?? null,
    city: row?.city ?? row?.neighborhoodCity ?? null,
    state: row?.state ?? null,
  };
}

export async function saveChannelContact(
  db: Executor,
  propertyId: number,
  input: ContactInput,
  at: Date,
): Promise<void> {
  const trimmed = Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || undefined : v]),
  );
  await channelSentRepository(db).saveContact(propertyId, trimmed, at);
}

/** What the listing still lacks, in the owner's words (empty when it can be linked). */
export function missingForLink(p: PropertyRow, c: ChannelContact): string[] {
  const missing: Array<string | false> = [
    !(p.publicName || p.internalName) && 'a name (step 2)',
    !p.countryCode && 'a country (step 3)',
    !p.address && 'an address (step 3)',
    (p.latitude === null || p.longitude === null) && 'a position on the map (step 3)',
    !c.email && 'a contact e-mail',
    !c.phone && 'a contact phone',
    !c.zipCode && 'a zip code',
    !c.city && 'a city',
    !c.state && 'a state or region',
  ];
  return missing.filter((m): m is string => Boolean(m));
}

export function missingSentence(missing: string[]): string {
  return `The listing needs ${missing.join(', ')} before it can be linked to the channel manager (Channex asks for them before it connects any travel platform)`;
}
