export type DateInput = Date | string | number;

/** Shown in place of a date that cannot be read. */
export const UNKNOWN_DATE = '—';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** For a named time zone other than UTC (tests ask for some); the app's own dates never reach Intl (see `fieldsIn`). */
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone]);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, cached);
  }
  return cached;
}

function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Newer ICU puts a narrow no-break space before AM/PM; one plain space reads and matches the same everywhere. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A moment's calendar and clock fields in a time zone. */
interface DateFields {
  year: number;
  /** 0–11. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The fields in the runtime's own zone (no time zone given) or in UTC, read with Date's getters; undefined for
 * any other zone. Date's getters need no locale data, where a page's first Intl call loads it: 35–70 ms in one
 * task on the benchmark's machine (docs/benchmarks.md).
 */
function fieldsIn(date: Date, timeZone: string | undefined): DateFields | undefined {
  if (timeZone === undefined) {
    return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hour: date.getHours(), minute: date.getMinutes(), second: date.getSeconds() };
  }
  if (timeZone.toUpperCase() === 'UTC') {
    return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() };
  }
  return undefined;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
const dateText = (fields: DateFields) => `${MONTHS_SHORT[fields.month]} ${fields.day}, ${fields.year}`;

/** "5:04 PM", or "5:04:09 PM" with seconds: en-US's 12-hour clock, midnight and noon as 12. */
function clockText(fields: Pick<DateFields, 'hour' | 'minute' | 'second'>, withSeconds: boolean): string {
  const hour12 = fields.hour % 12 === 0 ? 12 : fields.hour % 12;
  return `${hour12}:${twoDigits(fields.minute)}${withSeconds ? `:${twoDigits(fields.second)}` : ''} ${fields.hour < 12 ? 'AM' : 'PM'}`;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME_ONLY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** Dates as the app shows them (docs/product.md#formatting): "Nov 21, 2026, 5:04 PM". `timeZone` defaults to the runtime's own. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const fields = fieldsIn(date, timeZone);
  return fields ? `${dateText(fields)}, ${clockText(fields, false)}` : plainSpaces(formatter(DATE_TIME, timeZone!).format(date));
}

/** "Nov 21, 2026". */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const fields = fieldsIn(date, timeZone);
  return fields ? dateText(fields) : plainSpaces(formatter(DATE_ONLY, timeZone!).format(date));
}

/** "5:04 PM", for rows under a day heading. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const fields = fieldsIn(date, timeZone);
  return fields ? clockText(fields, false) : plainSpaces(formatter(TIME_ONLY, timeZone!).format(date));
}

/** "5:04:09 PM" in the runtime's own zone: with seconds, for what changes within a minute ('Last updated', a payment's steps). */
export function formatClockTime(value: DateInput): string {
  const date = toDate(value);
  return date ? clockText(fieldsIn(date, undefined)!, true) : UNKNOWN_DATE;
}

/** The calendar day in `timeZone` as "YYYY-MM-DD", a key that sorts and compares as text. */
export function dayKey(value: DateInput, timeZone?: string): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const fields = fieldsIn(date, timeZone);
  if (fields) return `${fields.year}-${twoDigits(fields.month + 1)}-${twoDigits(fields.day)}`;
  const parts = formatter(DAY_PARTS, timeZone!).formatToParts(date);
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
