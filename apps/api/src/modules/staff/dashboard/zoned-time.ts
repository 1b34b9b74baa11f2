/**
 * Calendar arithmetic in an IANA time zone without a date library: where a zone's day starts as a UTC instant, and
 * which day it is there now. The dashboard's "today", week and month follow the zone the back office sends.
 */

export interface CalendarDay {
  year: number;
  /** 0–11 */
  month: number;
  day: number;
}

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which `day` begins in `timeZone` (normalises overflowing days and months). */
export function startOfDay(day: CalendarDay, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month, day.day);
  // Twice: the offset at the first guess may differ from the offset at the answer across a DST change.
  let t = wall - offsetMs(wall, timeZone);
  t = wall - offsetMs(t, timeZone);
  return new Date(t);
}

/** Today's calendar day in `timeZone`. */
export function today(timeZone: string, now = Date.now()): CalendarDay {
  const parts = partsFormat(timeZone).formatToParts(new Date(now));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month') - 1, day: get('day') };
}

export const addDays = (d: CalendarDay, n: number): CalendarDay => {
  const t = new Date(Date.UTC(d.year, d.month, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth(), day: t.getUTCDate() };
};

export const isoDate = (d: CalendarDay) =>
  `${d.year}-${String(d.month + 1).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const weekdayOf = (d: CalendarDay) => WEEKDAYS[new Date(Date.UTC(d.year, d.month, d.day)).getUTCDay()]!;
