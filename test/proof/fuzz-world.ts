// The data the fuzzer works on: one signed-in user of each role, a listing with a room type and
// rate plan, a confirmed stay, and the ids path parameters draw from. A fuzzed request may end a
// principal's session, delete its account or change its role; ensurePrincipals() puts a fresh
// user of the right role in its place before the next operation.
import type { TestApp } from '../helpers/test-app.ts';
import { bearer, createUser } from '../helpers/factories.ts';
import { createProperty, createRoomType } from '../helpers/catalog-factories.ts';
import { seedReservation } from '../../src/modules/reservations/reservations.test-support.ts';
import type { Role } from '../../src/kernel/caller.ts';

export const PRINCIPALS = ['anonymous', 'client', 'owner', 'support', 'admin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface World {
  /** Real ids per path parameter name, mixed with made-up ones by the fuzzer. */
  ids: Record<string, Array<string | number>>;
  headers(who: Principal): Record<string, string>;
  /**
   * E-mail addresses `who` must never see: for a client and the other users, every principal's
   * but their own — except the owner's, which the listing's read form shows to anyone (spec).
   * Staff see accounts by design.
   */
  privateEmails(who: Principal): string[];
  ensurePrincipals(): Promise<void>;
  /**
   * The role `who`'s token carries now: a fuzzed case may have changed it (an admin case making
   * the owner an admin, say) since ensurePrincipals() ran before the operation.
   */
  roleNow(who: Principal): Promise<string | null>;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedWorld(t: TestApp): Promise<World> {
  const tokens = new Map<Principal, string>();
  const users = new Map<Principal, number>();
  const emails = new Map<Principal, string>();
  const signIn = async (who: Exclude<Principal, 'anonymous'>) => {
    const role: Role = who === 'client' ? 'client' : who;
    const user = await createUser(t.deps, { role });
    users.set(who, user.id);
    emails.set(who, user.email);
    // Straight from the session service: the fuzzer's failed logins rate-limit the login route.
    tokens.set(who, (await t.deps.sessions.start(user, role === 'client' ? 'client' : role)).token);
  };
  for (const who of PRINCIPALS) if (who !== 'anonymous') await signIn(who);
  const owner = users.get('owner')!;
  const client = users.get('client')!;
  const property = await createProperty(t.deps, owner);
  const { roomType, ratePlan } = await createRoomType(t.deps, (await createProperty(t.deps, owner)).id);
  const stay = await seedReservation(t.deps, {
    propertyId: property.id,
    guestId: client,
    status: 'confirmed',
    checkin: day(20),
    checkout: day(23),
  });

  // GET /auth/session answers a token's role as it is now (null once its session is gone).
  const roleNow = async (who: Principal): Promise<string | null> => {
    if (who === 'anonymous') return null;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(tokens.get(who)!) });
    return res.statusCode === 200 ? ((res.json() as { data?: { role?: string | null } }).data?.role ?? null) : null;
  };

  return {
    ids: {
      id: [property.id, stay.id, client, owner, roomType.propertyId],
      userId: [client, owner],
      otherUserId: [owner, client],
      itemId: [1, 2],
      rt: [roomType.id],
      rp: [ratePlan.id],
      mediaId: [1],
      messageId: [1],
      sessionId: ['cs_test_0001'],
      name: ['avatar.png'],
      field: ['id_front', 'company_document'],
      code: ['EUR', 'USD'],
    },
    headers: (who) => (who === 'anonymous' ? {} : bearer(tokens.get(who)!)),
    privateEmails(who) {
      if (who === 'admin' || who === 'support') return [];
      // The owner sees the client who booked their listing (a guest's contact is part of a booking).
      const visible = new Set<Principal>([who, 'owner', ...(who === 'owner' ? (['client'] as const) : [])]);
      return [...emails].filter(([p]) => !visible.has(p)).map(([, e]) => e);
    },
    roleNow,
    async ensurePrincipals() {
      for (const who of PRINCIPALS) if (who !== 'anonymous' && (await roleNow(who)) !== who) await signIn(who);
    },
  };
}
