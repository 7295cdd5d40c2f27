import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinFormatLocale } from './number-format.ts';
import { dayGroupLabel, dayKey, formatClockTime, formatDate, formatDateTime, formatTime, groupByDay, UNKNOWN_DATE } from './format-date.ts';

const AT = Date.UTC(2026, 10, 21, 17, 4, 30);

describe('formatDateTime', () => {
  beforeAll(() => pinFormatLocale('en-US'));
  afterAll(() => pinFormatLocale(undefined));

  it('shows en-US short month with hour and minute', () => {
    expect(formatDateTime(AT, 'UTC')).toBe('Nov 21, 2026, 5:04 PM');
    expect(formatDateTime(new Date(AT), 'Asia/Kolkata')).toBe('Nov 21, 2026, 10:34 PM');
    expect(formatDateTime(new Date(AT).toISOString(), 'America/New_York')).toBe('Nov 21, 2026, 12:04 PM');
  });

  it('uses plain spaces only', () => {
    expect(formatDateTime(AT, 'UTC')).not.toMatch(/[\u202f\u00a0]/);
    expect(formatTime(AT, 'UTC')).toBe('5:04 PM');
  });

  it('does not show "Invalid Date"', () => {
    expect(formatDateTime('yesterday-ish')).toBe(UNKNOWN_DATE);
    expect(formatDate(Number.NaN)).toBe(UNKNOWN_DATE);
  });
});

describe('day grouping', () => {
  const now = Date.UTC(2026, 2, 1, 10, 0, 0);

  it('keys a moment by its calendar day in the time zone', () => {
    expect(dayKey(AT, 'UTC')).toBe('2026-11-21');
    expect(dayKey(Date.UTC(2026, 10, 21, 23, 30), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(dayKey('nope')).toBeUndefined();
  });

  it('labels today, yesterday (across a month end) and older days', () => {
    expect(dayGroupLabel(Date.UTC(2026, 2, 1, 0, 0, 0), now, 'UTC')).toBe('Today');
    expect(dayGroupLabel(Date.UTC(2026, 1, 28, 23, 59), now, 'UTC')).toBe('Yesterday');
    expect(dayGroupLabel(Date.UTC(2026, 1, 27, 12, 0), now, 'UTC')).toBe('Feb 27, 2026');
    expect(dayGroupLabel('nope', now, 'UTC')).toBe(UNKNOWN_DATE);
  });

  it('finds yesterday on a 23-hour day', () => {
    // US clocks went forward on 8 Mar 2026.
    const morningAfter = Date.UTC(2026, 2, 9, 4, 30); // 00:30 EDT, 9 Mar
    expect(dayGroupLabel(Date.UTC(2026, 2, 8, 5, 0), morningAfter, 'America/New_York')).toBe('Yesterday');
    expect(dayGroupLabel(Date.UTC(2026, 2, 8, 4, 59), morningAfter, 'America/New_York')).toBe('Mar 7, 2026');
  });

  it('groups items by day in the order they come', () => {
    const items = [
      { id: 'a', at: Date.UTC(2026, 2, 1, 9, 0) },
      { id: 'b', at: Date.UTC(2026, 2, 1, 1, 0) },
      { id: 'c', at: Date.UTC(2026, 1, 28, 22, 0) },
      { id: 'd', at: Date.UTC(2026, 1, 20, 22, 0) },
    ];
    const groups = groupByDay(items, (item) => item.at, now, 'UTC');
    expect(groups.map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-03-01', 'Today', ['a', 'b']],
      ['2026-02-28', 'Yesterday', ['c']],
      ['2026-02-20', 'Feb 20, 2026', ['d']],
    ]);
  });
});

describe('dates in the pinned locale', () => {
  beforeAll(() => pinFormatLocale('en-US'));
  afterAll(() => pinFormatLocale(undefined));

  it('shows a clock time with seconds, and the unknown-date sign for what is not a date', () => {
    expect(formatClockTime(new Date(2026, 10, 21, 0, 4, 9))).toBe('12:04:09 AM');
    expect(formatClockTime(new Date(2026, 10, 21, 12, 0, 0))).toBe('12:00:00 PM');
    expect(formatClockTime(Number.NaN)).toBe(UNKNOWN_DATE);
  });

  it('follows the locale: day before month and a 24-hour clock in German', () => {
    pinFormatLocale('de-DE');
    expect(formatDateTime(AT, 'UTC')).toBe('21. Nov. 2026, 17:04');
    pinFormatLocale('en-US');
  });

  it('keys days the same in every locale', () => {
    pinFormatLocale('de-DE');
    expect(dayKey(AT, 'UTC')).toBe('2026-11-21');
    pinFormatLocale('en-US');
  });
});
