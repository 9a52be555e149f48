// Property-local date and time → UTC instant, through Intl only (no dependency), DST-correct.
//
// Ambiguous and missing wall times follow Temporal's 'compatible' disambiguation: in the autumn
// overlap (02:30 happens twice in Paris) the EARLIER instant is taken; in the spring gap (02:30
// does not exist) the time is moved forward by the gap (02:30 → 03:30 local).
import { dayNumber } from '../../kernel/calendar-dates.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of the zone at an instant, in ms (local wall time − UTC). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** `2025-03-30` + `02:30:00` in `Europe/Paris` → the UTC instant. Throws on malformed input. */
export function checkinInstant(date: string, checkInTime: string, timeZone: string): Date {
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(checkInTime);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? 0) > 59)
    throw new RangeError(`invalid time: ${checkInTime}`);
  const wall = dayNumber(date) * 86_400_000 + ((Number(t[1]) * 60 + Number(t[2])) * 60 + Number(t[3] ?? 0)) * 1000;
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + zoneOffsetMs(instant, timeZone) === wall,
  );
  if (candidates.length) return new Date(Math.min(...candidates));
  // In a gap: read the wall time with the offset in force before the transition.
  return new Date(wall - before);
}
