export type DateInput = Date | string | number;

/** Shown in place of a date that cannot be read. */
export const UNKNOWN_DATE = '—';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = JSON.stringify([options, timeZone ?? '']);
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', timeZone === undefined ? options : { ...options, timeZone });
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

const DATE_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' };
const DATE_ONLY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME_ONLY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** Dates as the app shows them (docs/product.md#formatting): "Nov 21, 2026, 5:04 PM". `timeZone` defaults to the runtime's own. */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? plainSpaces(formatter(DATE_TIME, timeZone).format(date)) : UNKNOWN_DATE;
}

/** "Nov 21, 2026". */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? plainSpaces(formatter(DATE_ONLY, timeZone).format(date)) : UNKNOWN_DATE;
}

/** "5:04 PM", for rows under a day heading. */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? plainSpaces(formatter(TIME_ONLY, timeZone).format(date)) : UNKNOWN_DATE;
}

/** The calendar day in `timeZone` as "YYYY-MM-DD", a key that sorts and compares as text. */
export function dayKey(value: DateInput, timeZone?: string): string | undefined {
  const date = toDate(value);
  if (!date) return undefined;
  const parts = formatter(DAY_PARTS, timeZone).formatToParts(date);
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
