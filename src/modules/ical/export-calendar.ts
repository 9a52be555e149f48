// The listing's availability as an iCal feed other platforms subscribe to: served at an
// unguessable link (GET /properties/{id}/calendar.ics?token=…, no login), busy nights from the
// listing's today to 365 days on. The token (192 random bits, base64url) is made the first time
// the owner, an admin or support asks for the link; the owner or an admin can replace it (the
// old link then answers 404, like a wrong token or an unknown listing).
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../kernel/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthUser } from '../../kernel/caller.ts';
import { addDays, todayIn } from '../../kernel/calendar-dates.ts';
import { loadCalendarForRead, loadCalendarForWrite } from './calendar-access.ts';
import { calendarText, nightRanges } from './ical-format.ts';
import { icalRepository } from './ical.repository.ts';

export const EXPORT_DAYS = 365;
const newToken = () => randomBytes(24).toString('base64url');

function exportUrl(deps: Deps, propertyId: number, token: string): string {
  return `${deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/properties/${propertyId}/calendar.ics?token=${token}`;
}

/** The iCal text, or 404 for an unknown listing or a wrong or missing token (never saying which). */
export async function exportCalendar(deps: Deps, propertyId: number, token: string | undefined): Promise<string> {
  const repo = icalRepository(deps.db);
  const listing = token ? await repo.propertyByToken(propertyId, token) : undefined;
  if (!listing) throw new AppError('NOT_FOUND', 'Calendar not found');
  const from = todayIn(listing.timezone, deps.clock.now());
  const busy = await repo.busyNights(listing.id, from, addDays(from, EXPORT_DAYS));
  return calendarText(listing.id, nightRanges(busy), deps.clock.now(), new URL(deps.config.PUBLIC_BASE_URL).hostname);
}

/** The secret link, made on the first request (two first requests at once agree on one token). */
export async function exportLink(deps: Deps, caller: AuthUser, propertyId: number): Promise<string> {
  const listing = await loadCalendarForRead(deps.db, propertyId, caller);
  return exportUrl(
    deps,
    listing.id,
    listing.icalToken ?? (await icalRepository(deps.db).ensureToken(listing.id, newToken())),
  );
}

export async function rotateExportLink(deps: Deps, caller: AuthUser, propertyId: number): Promise<string> {
  const listing = await loadCalendarForWrite(deps.db, propertyId, caller);
  const token = newToken();
  await icalRepository(deps.db).setToken(listing.id, token);
  return exportUrl(deps, listing.id, token);
}
