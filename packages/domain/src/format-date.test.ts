import { afterAll, describe, expect, it } from 'vitest';
import { dayGroupLabel, dayKey, formatClockTime, formatDate, formatDateTime, formatTime, groupByDay, UNKNOWN_DATE } from './format-date.ts';

const AT = Date.UTC(2026, 10, 21, 17, 4, 30);

describe('formatDateTime', () => {
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

describe('dates without Intl', () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  const intl = (options: Intl.DateTimeFormatOptions, timeZone: string) => new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  /** Moments from 1971 to 2100, a few exactly on midnight, noon and DST changes' hours. */
  const moments = Array.from({ length: 3_000 }, (_, i) => {
    const spread = Math.floor(((i * 2_654_435_761) % 4_102_444_800) * 1_000 + (i % 7) * 3_600_000);
    return i % 10 === 0 ? Math.floor(spread / 3_600_000) * 3_600_000 : spread + (i % 1_000);
  });
  // The domain has no Node types; the tests run in Node, whose Date follows TZ as soon as it changes.
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  const originalZone = env.TZ;
  afterAll(() => {
    // process.env keeps strings only: undefined would become the zone "undefined".
    if (originalZone === undefined) delete env.TZ;
    else env.TZ = originalZone;
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham'])(
    'reads the runtime zone (%s) as Intl.DateTimeFormat("en-US") would, and UTC by name',
    (zone) => {
      env.TZ = zone;
      const dateTime = intl({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, zone);
      const dateOnly = intl({ month: 'short', day: 'numeric', year: 'numeric' }, zone);
      const timeOnly = intl({ hour: 'numeric', minute: '2-digit' }, zone);
      const clock = intl({ hour: 'numeric', minute: '2-digit', second: '2-digit' }, zone);
      const utc = intl({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, 'UTC');
      for (const moment of moments) {
        const date = new Date(moment);
        expect(formatDateTime(moment), `${zone} ${date.toISOString()}`).toBe(plain(dateTime.format(date)));
        expect(formatDate(moment)).toBe(plain(dateOnly.format(date)));
        expect(formatTime(moment)).toBe(plain(timeOnly.format(date)));
        expect(formatClockTime(moment)).toBe(plain(clock.format(date)));
        expect(formatDateTime(moment, 'UTC')).toBe(plain(utc.format(date)));
        expect(dayKey(moment)).toBe(dayKey(moment, zone === 'UTC' ? 'Etc/UTC' : zone));
      }
    },
  );

  it('shows a clock time with seconds, and the unknown-date sign for what is not a date', () => {
    expect(formatClockTime(new Date(2026, 10, 21, 0, 4, 9))).toBe('12:04:09 AM');
    expect(formatClockTime(new Date(2026, 10, 21, 12, 0, 0))).toBe('12:00:00 PM');
    expect(formatClockTime(Number.NaN)).toBe(UNKNOWN_DATE);
  });
});
