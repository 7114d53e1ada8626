// ISO 8601 weeks (Monday 00:00 UTC start), written like 2026-W47.
const DAY = 86_400_000;
export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

export function isoWeekOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const dayNum = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dayNum); // Thursday of this week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / DAY + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 UTC of an ISO week, or null if the string is not a real ISO week. */
export function weekStart(week: string): Date | null {
  const m = ISO_WEEK_PATTERN.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const num = Number(m[2]);
  if (num < 1 || num > 53) return null;
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const jan4Day = jan4.getUTCDay() || 7;
  const start = new Date(jan4.getTime() - (jan4Day - 1) * DAY + (num - 1) * 7 * DAY);
  return isoWeekOf(start) === week ? start : null; // W53 only exists in some years
}

export function weekRange(week: string): { start: Date; end: Date } | null {
  const start = weekStart(week);
  return start ? { start, end: new Date(start.getTime() + 7 * DAY) } : null;
}

export function addWeeks(week: string, n: number): string {
  const start = weekStart(week);
  if (!start) throw new Error(`Not an ISO week: ${week}`);
  return isoWeekOf(new Date(start.getTime() + n * 7 * DAY));
}

export function isValidIsoWeek(week: string): boolean {
  return weekStart(week) !== null;
}

/** Whether a week is one the leaderboards serve: a real ISO week of a year from 1900 to 2199 (as the API's `week`). */
export function isServedWeek(week: string): boolean {
  const year = Number(week.slice(0, 4));
  return isValidIsoWeek(week) && year >= 1900 && year <= 2199;
}
