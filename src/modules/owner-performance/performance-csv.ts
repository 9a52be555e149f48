// The report's rows as CSV (RFC 4180): a header line, then one line per row, CRLF line ends.
// No CSV library is installed; every field is quoted when it holds a quote, comma or line break.
import type { Static } from 'typebox';
import type { OwnerPerformance } from './owner-performance.schemas.ts';

type Report = Static<typeof OwnerPerformance>;

export const CSV_COLUMNS = [
  'month',
  'property_id',
  'currency',
  'nights_available',
  'nights_sold',
  'occupancy',
  'adr',
  'revpar',
  'revenue',
  'cancellations',
  'avg_lead_days',
  'avg_length_of_stay',
  'default_currency',
  'revenue_default',
  'adr_default',
  'revpar_default',
] as const;

export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function performanceCsv(report: Report): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of report.months) {
    const withDefault: Record<string, unknown> = { ...row, default_currency: report.currency };
    lines.push(CSV_COLUMNS.map((c) => csvField(withDefault[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
