// Sends a listing, its room types and rate plans to the channel manager: creates what has no remote
// id yet, updates what changed since it was last sent (a fingerprint of what was sent is kept per
// remote object), and sends nothing for the rest, so renaming one rate plan is one call. Each new
// remote id is stored as soon as its create answers, so a failure half-way keeps them and the next
// attempt updates instead of creating twice.
//
// Decisions:
// - a listing sold whole is one room type of one unit there with one rate plan, "Standard";
// - rate plan titles must be unique per property there (Channex, Rate Plans page, "title"): the
//   remote title is ours followed by its room type's title, "Standard (Double room)", with our id
//   added when two room types share a title; ours is never changed;
// - per_room plans have one option, for the room type's most adults; per_person plans one per
//   possible count of adults (Rate Plans page, "Occupancy Options"), priced by us: the primary one
//   is the room type's default occupancy.
import { createHash } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import type { ChannelManager, ChannelRatePlanInput } from '../../ports/channel-manager.ts';
import { isoDecimals } from '../../kernel/money.ts';
import type { PropertyRow } from '../properties/index.ts';
import { channelContact } from './channel-contact.ts';
import { channelSentRepository, type SentKind } from './channel-sent.repository.ts';
import { channelRepository } from './channel.repository.ts';
import { occupancyRates } from './channel-values.ts';

/** Bumped when what we send for the same data changes (a new field), so everything is sent once again. */
const WIRE_VERSION = 'issue-21';
const TITLE_MAX = 255;
const seven = <T>(v: T) => Array.from({ length: 7 }, () => v);
type RoomTypes = Awaited<ReturnType<ReturnType<typeof channelRepository>['roomTypesWithPlans']>>;

/** Remote rate plan titles, unique per listing: ours and the room type's, our id added on a clash. */
export function remotePlanTitles(rts: RoomTypes): Map<number, string> {
  const base = new Map<number, string>();
  for (const rt of rts)
    for (const plan of rt.plans) base.set(plan.id, `${plan.title} (${rt.title})`.slice(0, TITLE_MAX));
  const count = new Map<string, number>();
  for (const t of base.values()) count.set(t.toLowerCase(), (count.get(t.toLowerCase()) ?? 0) + 1);
  return new Map(
    [...base].map(([id, t]) => {
      if ((count.get(t.toLowerCase()) ?? 0) < 2) return [id, t];
      const tag = ` #${id}`;
      return [id, `${t.slice(0, TITLE_MAX - tag.length)}${tag}`];
    }),
  );
}

function options(
  sellMode: string,
  occAdults: number,
  defaultOccupancy: number,
  price: number,
): ChannelRatePlanInput['options'] {
  const rates = occupancyRates(sellMode, occAdults, price);
  return rates.map((r) => ({ ...r, primary: rates.length === 1 || r.occupancy === defaultOccupancy }));
}

/** Sends what changed (everything when `resendAll`); says whether anything was created there. */
export async function pushStructure(
  deps: Deps,
  channel: ChannelManager,
  property: PropertyRow,
  opts: { resendAll: boolean },
): Promise<{ created: boolean }> {
  const repo = channelRepository(deps.db);
  const sent = channelSentRepository(deps.db);
  const prints = await sent.fingerprints(property.id);
  let created = false;
  const send = async <T extends object>(
    kind: SentKind,
    remoteId: string | null,
    input: T,
    call: (id: string | null, input: T) => Promise<string>,
  ) => {
    const fingerprint = createHash('sha256')
      .update(`${WIRE_VERSION}:${JSON.stringify(input)}`)
      .digest('hex');
    if (remoteId && !opts.resendAll && prints.get(`${kind}|${remoteId}`) === fingerprint) return remoteId;
    const id = await call(remoteId, input);
    created ||= !remoteId;
    await sent.saveFingerprint({ propertyId: property.id, kind, remoteId: id, fingerprint, at: deps.clock.now() });
    return id;
  };

  const currency = property.currencyCode;
  const contact = await channelContact(deps.db, property.id);
  const remoteId = await send(
    'property',
    property.channelPropertyId,
    {
      title: (property.publicName || property.internalName)!,
      currency,
      email: contact.email ?? undefined,
      phone: contact.phone ?? undefined,
      zipCode: contact.zipCode ?? undefined,
      country: property.countryCode!,
      state: contact.state ?? undefined,
      city: contact.city ?? undefined,
      address: property.address ?? undefined,
      latitude: property.latitude ?? undefined,
      longitude: property.longitude ?? undefined,
      timezone: property.timezone,
      propertyType: await repo.propertyTypeName(property.typeId),
    },
    (id, input) => channel.upsertProperty(id, input),
  );
  if (remoteId !== property.channelPropertyId) await repo.setPropertyLink(property.id, { channelPropertyId: remoteId });

  const rts = await repo.roomTypesWithPlans(property.id);
  const weekdays = {
    maxStay: seven(0),
    minStayArrival: seven(1),
    closedToArrival: seven(false),
    closedToDeparture: seven(false),
    stopSell: seven(false),
  };
  // Once the listing has room types its whole-listing unit is kept at availability 0 by the push
  // (see channel-values.ts), never deleted.
  if (!rts.length) {
    const guests = Math.max(1, property.capacity ?? 1);
    const unit = await send(
      'room_type',
      property.channelUnitRoomTypeId,
      {
        propertyId: remoteId,
        title: property.publicName || property.internalName || 'Whole listing',
        countOfRooms: 1,
        occAdults: guests,
        occChildren: 0,
        occInfants: 0,
        defaultOccupancy: guests,
      },
      (id, input) => channel.upsertRoomType(id, input),
    );
    if (unit !== property.channelUnitRoomTypeId)
      await repo.setPropertyLink(property.id, { channelUnitRoomTypeId: unit });
    const plan = await send(
      'rate_plan',
      property.channelUnitRatePlanId,
      {
        propertyId: remoteId,
        roomTypeId: unit,
        title: 'Standard',
        currency,
        sellMode: 'per_room' as const,
        decimals: isoDecimals(currency),
        options: options('per_room', guests, guests, property.pricePerNight ?? 0),
        ...weekdays,
      },
      (id, input) => channel.upsertRatePlan(id, input),
    );
    if (plan !== property.channelUnitRatePlanId)
      await repo.setPropertyLink(property.id, { channelUnitRatePlanId: plan });
  }
  const titles = remotePlanTitles(rts);
  for (const rt of rts) {
    const defaultOccupancy = Math.max(1, Math.min(rt.occAdults, rt.capacity));
    const rtId = await send(
      'room_type',
      rt.channelRoomTypeId,
      {
        propertyId: remoteId,
        title: rt.title,
        countOfRooms: rt.countOfRooms,
        occAdults: rt.occAdults,
        occChildren: rt.occChildren,
        occInfants: 0,
        defaultOccupancy,
      },
      (id, input) => channel.upsertRoomType(id, input),
    );
    if (rtId !== rt.channelRoomTypeId) await repo.setRoomTypeLink(rt.id, rtId);
    for (const rp of rt.plans) {
      const sellMode = rp.sellMode === 'per_person' ? ('per_person' as const) : ('per_room' as const);
      const rpId = await send(
        'rate_plan',
        rp.channelRatePlanId,
        {
          propertyId: remoteId,
          roomTypeId: rtId,
          title: titles.get(rp.id)!,
          currency: rp.currency,
          sellMode,
          decimals: isoDecimals(rp.currency),
          options: options(sellMode, rt.occAdults, defaultOccupancy, rp.price),
          maxStay: rp.maxStay,
          minStayArrival: rp.minStayArrival,
          closedToArrival: rp.closedToArrival,
          closedToDeparture: rp.closedToDeparture,
          stopSell: rp.stopSell,
        },
        (id, input) => channel.upsertRatePlan(id, input),
      );
      if (rpId !== rp.channelRatePlanId) await repo.setRatePlanLink(rp.id, rpId);
    }
  }
  return { created };
}
