// The request member for a calendar date: validated by the `date` format (validation.ts), which
// accepts the kernel's supported days, the range said in its description.
import { Type } from 'typebox';
import { SUPPORTED_DAYS } from '../kernel/calendar-dates.ts';

/** A request date member: validated by the `date` format, the range said in its description. */
export const CalendarDay = (description = 'YYYY-MM-DD') =>
  Type.String({ format: 'date', description: `${description}; ${SUPPORTED_DAYS}` });
