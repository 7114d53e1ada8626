// Display formats for dates and weeks (UTC, English, so server output is the same everywhere).
import { weekRange } from '@/lib/time/iso-week';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const full = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string | Date): string {
  return full.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** "16 Nov – 22 Nov 2026" for 2026-W47; "29 Dec 2025 – 4 Jan 2026" for 2026-W01. */
export function formatWeekRange(week: string): string {
  const r = weekRange(week);
  if (!r) return week;
  const last = new Date(r.end.getTime() - 1);
  const first = r.start.getUTCFullYear() === last.getUTCFullYear() ? day : full;
  return `${first.format(r.start)} – ${full.format(last)}`;
}

/** "Week 47, 2026" */
export function formatWeekName(week: string): string {
  const m = /^(\d{4})-W(\d{2})$/.exec(week);
  return m ? `Week ${Number(m[2])}, ${m[1]}` : week;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
});

export function formatPrice(cents: number): string {
  return (cents % 100 === 0 ? dollars : dollarsAndCents).format(cents / 100);
}

/** "1 product", "1,204 products". */
export function formatCount(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
