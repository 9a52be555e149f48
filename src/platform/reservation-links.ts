// Signed links to a reservation's page. An HTML page opened from a mail cannot send a bearer
// header, so each link names its reader: `access` = user id, expiry and a keyed signature of
// (reservation, user, expiry). Stateless (no row per mail), bound to one reservation and one
// person, and checked against that person's rights like any caller's. The paths are the client
// app's (CLIENT_RESERVATION_PATH, CLIENT_PAYMENT_PATH); their default is this service's own page,
// and a path without {access} simply drops the token.
import type { Config } from '../config.ts';
import type { OneTimeSecrets } from '../kernel/services.ts';
import { clientLink } from './client-links.ts';

/** How long a mailed link opens the page: past a typical stay booked months ahead. */
export const RESERVATION_LINK_TTL_SECONDS = 180 * 86_400;

interface Signer {
  secrets: OneTimeSecrets;
}

const claims = (reservationId: number, userId: number, exp: number) => `reservation:${reservationId}:${userId}:${exp}`;

/** The `access` value of a link for `userId` to reservation `reservationId`, valid from `from`. */
export function reservationAccess(
  deps: Signer,
  o: { reservationId: number; userId: number; from: Date; ttlSeconds?: number },
): string {
  const exp = Math.floor(o.from.getTime() / 1000) + (o.ttlSeconds ?? RESERVATION_LINK_TTL_SECONDS);
  return `${o.userId}.${exp}.${deps.secrets.signLink(claims(o.reservationId, o.userId, exp))}`;
}

export type AccessCheck = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Whose link this is, if it is a genuine one for this reservation and still valid at `now`. */
export function readReservationAccess(deps: Signer, token: string, reservationId: number, now: Date): AccessCheck {
  const m = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const userId = Number(m[1]);
  const exp = Number(m[2]);
  if (!deps.secrets.same(deps.secrets.signLink(claims(reservationId, userId, exp)), m[3]!))
    return { ok: false, reason: 'invalid' };
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId };
}

/** The reservation and payment links for one reader (mails, the result pages). */
export function reservationLinks(
  deps: Signer & { config: Config },
  o: { reservationId: number; userId: number | null; from: Date },
): { link: string; payment_link: string } {
  const values = {
    reservation_id: o.reservationId,
    access: o.userId === null ? '' : reservationAccess(deps, { ...o, userId: o.userId }),
  };
  return {
    link: clientLink(deps.config, 'reservation', values),
    payment_link: clientLink(deps.config, 'payment', values),
  };
}
