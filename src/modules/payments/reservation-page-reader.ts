// Who is reading a reservation page. A browser that follows a mail's link cannot send a bearer
// header, so the page takes either a signed link (`access`, platform/reservation-links.ts) or the
// session cookie of a signed-in browser. The page's own forms carry a signed `access` too: a write
// is then never authenticated by a cookie alone, so another site cannot post one (CSRF).
//
// Decisions:
// - a link reads as its person: their account must still be active (a deactivated or deleted
//   account's links stop working); their rights are checked by the same use cases as the API's;
// - a link that is not genuine, or names another reservation → 404 (ids cannot be probed); an
//   expired one → 404 too, with words saying so; no credential at all → 401 with what to do.
import type { FastifyRequest } from 'fastify';
import type { AuthUser, Role } from '../../kernel/caller.ts';
import type { Deps } from '../../kernel/deps.ts';
import { tokenOf } from '../../platform/auth.ts';
import { readReservationAccess, reservationAccess } from '../../platform/reservation-links.ts';
import { localeOf, type Locale } from '../emails/index.ts';
import { findUserById } from '../users/index.ts';

export interface Reader {
  user: AuthUser;
  locale: Locale;
  /** The `access` the page's forms post back: the link's own, or one signed now for a cookie reader. */
  access: string;
}

export type NoReader = { refused: 'unauthenticated' | 'invalid' | 'expired' };

/** A form's link lives as long as the page is likely to stay open. */
const FORM_ACCESS_SECONDS = 3600;

async function activeUser(deps: Deps, userId: number) {
  const found = await findUserById(deps.db, userId);
  return found?.isActive && !found.deletedAt ? found : null;
}

/** The reader of reservation `id`: from `access` if given, else (for a GET) the session cookie. */
export async function readerOf(
  deps: Deps,
  req: FastifyRequest,
  id: number,
  access: string | undefined,
): Promise<Reader | NoReader> {
  const now = deps.clock.now();
  if (access) {
    const check = readReservationAccess(deps, access, id, now);
    if (!check.ok) return { refused: check.reason };
    const account = await activeUser(deps, check.userId);
    if (!account) return { refused: 'invalid' };
    const user: AuthUser = {
      id: account.id,
      role: account.role as Role,
      sessionId: 'reservation-link',
      loginType: 'link',
      sessionCreatedAt: now,
      jti: '',
    };
    return { user, locale: localeOf(account.locale), access };
  }
  const found = req.method === 'GET' ? tokenOf(req) : null;
  if (!found) return { refused: 'unauthenticated' };
  const user = await deps.sessions.authenticate(found.token).catch(() => null);
  const account = user ? await activeUser(deps, user.id) : null;
  if (!user || !account) return { refused: 'unauthenticated' };
  return {
    user,
    locale: localeOf(account.locale),
    access: reservationAccess(deps, {
      reservationId: id,
      userId: account.id,
      from: now,
      ttlSeconds: FORM_ACCESS_SECONDS,
    }),
  };
}
