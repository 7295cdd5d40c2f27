import { formatLocale } from './number-format.ts';

export type DateInput = Date | string | number;

/** Shown in place of a date that cannot be read. */
export const UNKNOWN_DATE = '—';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A memoized Intl.DateTimeFormat in the pinned (or the browser's) locale; `timeZone` undefined is the viewer's own. */
function dateFormat(options: Intl.DateTimeFormatOptions, timeZone?: string, locale = formatLocale()): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${timeZone ?? ''} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Newer ICU puts a narrow no-break space before AM/PM; one plain space reads and matches the same everywhere. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/** A moment written with these options in the viewer's zone; what is not a time throws, as Intl's formatters do. */
export function formatDateParts(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  if (!date) throw new RangeError('Invalid time value');
  return plainSpaces(dateFormat(options).format(date));
}

const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME_ONLY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const CLOCK_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', second: '2-digit' };
const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

function written(value: DateInput, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const date = toDate(value);
  return date ? plainSpaces(dateFormat(options, timeZone).format(date)) : UNKNOWN_DATE;
}

/** Dates as the app shows them (docs/product.md#formatting): "Nov 21, 2026, 5:04 PM" in en-US. `timeZone` defaults to the viewer's own. */
export const formatDateTime = (value: DateInput, timeZone?: string): string => written(value, DATE_TIME, timeZone);

/** "Nov 21, 2026". */
export const formatDate = (value: DateInput, timeZone?: string): string => written(value, DATE_ONLY, timeZone);

/** "5:04 PM", for rows under a day heading. */
export const formatTime = (value: DateInput, timeZone?: string): string => written(value, TIME_ONLY, timeZone);

/** "5:04:09 PM" in the viewer's zone: with seconds, for what changes within a minute ('Last updated', a payment's steps). */
export const formatClockTime = (value: DateInput): string => written(value, CLOCK_TIME);

/** The calendar day in `timeZone` as "YYYY-MM-DD", a key that sorts and compares as text (read in en-US: a key, not text to show). */
export function dayKey(value: DateInput, timeZone?: string): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const parts = dateFormat(DAY_PARTS, timeZone, 'en-US').formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function previousDayKey(key: string): string {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** The heading of a day in a transaction list: "Today", "Yesterday", or "Nov 21, 2026". */
export function dayGroupLabel(value: DateInput, now: DateInput, timeZone?: string): string {
  const key = dayKey(value, timeZone);
  if (key === undefined) return UNKNOWN_DATE;
  const today = dayKey(now, timeZone);
  if (key === today) return 'Today';
  if (today !== undefined && key === previousDayKey(today)) return 'Yesterday';
  return formatDate(value, timeZone);
}

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Groups items by calendar day, keeping the order they come in (sort them newest first beforehand). */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => DateInput, now: DateInput, timeZone?: string): DayGroup<T>[] {
  const groups = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const date = dateOf(item);
    const key = dayKey(date, timeZone) ?? 'unknown';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: dayGroupLabel(date, now, timeZone), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
