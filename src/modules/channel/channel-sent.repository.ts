// SQL of what the channel manager was last told, so only changes are sent: per remote room type or
// rate plan and night the last pushed value, per remote object the fingerprint of its last sent
// attributes; and the contact details a listing is linked with.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { channelContacts, channelSentObjects, channelSentValues } from '../../db/schema/index.ts';
import type { PushKind } from './channel-push.repository.ts';
import { queryRows } from '../../db/query-rows.ts';

export type SentKind = 'property' | 'room_type' | 'rate_plan';
export interface SentNight {
  remoteId: string;
  night: string;
  value: string;
}
export interface ContactInput {
  email?: string;
  phone?: string;
  zipCode?: string;
  city?: string;
  state?: string;
}
/** The saved contact fields, with what the listing and its owner already say (owner's e-mail and phone, the neighbourhood's city). */
export interface ContactRow {
  email: string | null;
  phone: string | null;
  zipCode: string | null;
  city: string | null;
  state: string | null;
  ownerEmail: string;
  ownerPhone: string | null;
  neighborhoodCity: string | null;
}

export function channelSentRepository(db: Executor) {
  return {
    async contact(propertyId: number): Promise<ContactRow | undefined> {
      const res = await queryRows<Record<string, string | null>>(
        db,
        sql`
        SELECT c.email, c.phone, c.zip_code, c.city, c.state, u.email AS owner_email, u.phone AS owner_phone, n.city AS neighborhood_city
        FROM properties p JOIN users u ON u.id = p.owner_id
        LEFT JOIN channel_contacts c ON c.property_id = p.id LEFT JOIN neighborhoods n ON n.id = p.neighborhood_id
        WHERE p.id = ${propertyId}`,
      );
      const r = res.rows[0];
      return (
        r && {
          email: r.email ?? null,
          phone: r.phone ?? null,
          zipCode: r.zip_code ?? null,
          city: r.city ?? null,
          state: r.state ?? null,
          ownerEmail: r.owner_email ?? '',
          ownerPhone: r.owner_phone ?? null,
          neighborhoodCity: r.neighborhood_city ?? null,
        }
      );
    },
    /** Saves the fields given; the others keep their value. */
    async saveContact(propertyId: number, v: ContactInput, at: Date): Promise<void> {
      const set = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
      if (!Object.keys(set).length) return;
      await db
        .insert(channelContacts)
        .values({ propertyId, ...set, updatedAt: at })
        .onConflictDoUpdate({ target: channelContacts.propertyId, set: { ...set, updatedAt: at } });
    },

    async fingerprints(propertyId: number): Promise<Map<string, string>> {
      const rows = await db.select().from(channelSentObjects).where(eq(channelSentObjects.propertyId, propertyId));
      return new Map(rows.map((r) => [`${r.kind}|${r.remoteId}`, r.fingerprint]));
    },
    async saveFingerprint(sent: {
      propertyId: number;
      kind: SentKind;
      remoteId: string;
      fingerprint: string;
      at: Date;
    }): Promise<void> {
      const { propertyId, kind, remoteId, fingerprint, at } = sent;
      await db
        .insert(channelSentObjects)
        .values({ propertyId, kind, remoteId, fingerprint, sentAt: at })
        .onConflictDoUpdate({
          target: [channelSentObjects.propertyId, channelSentObjects.kind, channelSentObjects.remoteId],
          set: { fingerprint, sentAt: at },
        });
    },

    /** Last pushed value per `${remoteId}|${night}` over [from, to). */
    async sentValues(propertyId: number, kind: PushKind, from: string, to: string): Promise<Map<string, string>> {
      const rows = await db
        .select()
        .from(channelSentValues)
        .where(
          and(
            eq(channelSentValues.propertyId, propertyId),
            eq(channelSentValues.kind, kind),
            gte(channelSentValues.night, from),
            lt(channelSentValues.night, to),
          ),
        );
      return new Map(rows.map((r) => [`${r.remoteId}|${r.night}`, r.value]));
    },
    /** Records what a push set there, in one statement however many nights. */
    async recordSent(propertyId: number, kind: PushKind, nights: SentNight[]): Promise<void> {
      if (!nights.length) return;
      await db.execute(sql`
        INSERT INTO channel_sent_values (property_id, kind, remote_id, night, value)
        SELECT ${propertyId}, ${kind}, x.remote_id, x.night, x.value
        FROM jsonb_to_recordset(${JSON.stringify(nights.map((n) => ({ remote_id: n.remoteId, night: n.night, value: n.value })))}::jsonb) AS x(remote_id text, night date, value text)
        ON CONFLICT (property_id, kind, remote_id, night) DO UPDATE SET value = excluded.value`);
    },
    /** Forgets what was sent for a listing (a full sync sends it all again). */
    async forgetSent(propertyId: number): Promise<void> {
      await db.delete(channelSentValues).where(eq(channelSentValues.propertyId, propertyId));
    },
    /** Forgets some nights of one remote room type (drift: the channel manager no longer has what we sent). */
    async forgetNights(propertyId: number, kind: PushKind, remoteId: string, nights: string[]): Promise<void> {
      if (!nights.length) return;
      await db.execute(sql`
        DELETE FROM channel_sent_values WHERE property_id = ${propertyId} AND kind = ${kind} AND remote_id = ${remoteId}
          AND night = ANY(${`{${nights.join(',')}}`}::date[])`);
    },
    /** Past nights are never sent again: their rows go. */
    async pruneBefore(propertyId: number, night: string): Promise<void> {
      await db
        .delete(channelSentValues)
        .where(and(eq(channelSentValues.propertyId, propertyId), lt(channelSentValues.night, night)));
    },
  };
}
