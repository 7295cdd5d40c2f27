import { describe, expect, it } from 'vitest';
import { buildTimeline, confirmationTime, timeToFinalText, type TimelineInput } from './timeline.ts';
import { timelineStepSchema } from './timeline-schemas.ts';

const at = (iso: string) => new Date(iso);
const base: TimelineInput = {
  quotedAt: at('2026-01-01T10:00:00.000Z'),
  createdAt: at('2026-01-01T10:00:20.000Z'),
  includeAt: at('2026-01-01T10:00:40.000Z'),
  speed: 'normal',
  status: 'pending',
  confirmations: 0,
  blockNumber: null,
  timeScale: 1,
};

describe('buildTimeline', () => {
  it('shows a pending payment: quoted and broadcast done, the block and 12 confirmations expected, then final', () => {
    const steps = buildTimeline(base);
    for (const step of steps) timelineStepSchema.parse(step);
    expect(steps.map((step) => step.kind)).toEqual(['quoted', 'broadcast', 'included', ...Array(12).fill('confirmation'), 'final']);
    expect(steps[0]).toEqual({ kind: 'quoted', label: 'Quoted', done: true, at: '2026-01-01T10:00:00.000Z', expectedAt: null });
    expect(steps[1]).toMatchObject({ kind: 'broadcast', done: true, at: '2026-01-01T10:00:20.000Z' });
    expect(steps[2]).toEqual({ kind: 'included', label: 'Waiting to be included in a block', done: false, at: null, expectedAt: '2026-01-01T10:00:40.000Z' });
    // Confirmation k lands (k-1) × 5 s after inclusion at normal speed.
    expect(steps[3]).toMatchObject({ label: '1 confirmation · Medium', confirmations: 1, securityLevel: 'Medium', expectedAt: '2026-01-01T10:00:40.000Z' });
    expect(steps[5]).toMatchObject({ label: '3 confirmations · High', securityLevel: 'High', expectedAt: '2026-01-01T10:00:50.000Z' });
    expect(steps[14]).toMatchObject({ label: '12 confirmations · Maximum', securityLevel: 'Maximum', expectedAt: '2026-01-01T10:01:35.000Z' });
    expect(steps[15]).toEqual({ kind: 'final', label: 'Final', done: false, at: null, expectedAt: '2026-01-01T10:01:35.000Z' });
  });

  it('marks the steps reached as done with their times, and names the block', () => {
    const steps = buildTimeline({ ...base, quotedAt: null, confirmations: 6, blockNumber: 1234 });
    expect(steps[0]!.kind).toBe('broadcast');
    expect(steps[1]).toMatchObject({ kind: 'included', label: 'Included in block 1234', done: true, blockNumber: 1234, at: '2026-01-01T10:00:40.000Z' });
    const confirmations = steps.filter((step) => step.kind === 'confirmation');
    expect(confirmations.filter((step) => step.done)).toHaveLength(6);
    expect(confirmations[5]).toMatchObject({ done: true, securityLevel: 'Very High', at: '2026-01-01T10:01:05.000Z', expectedAt: null });
    expect(confirmations[6]).toMatchObject({ done: false, at: null });
    const final = buildTimeline({ ...base, status: 'confirmed', confirmations: 12, blockNumber: 1234 }).at(-1);
    expect(final).toMatchObject({ kind: 'final', done: true, at: '2026-01-01T10:01:35.000Z' });
  });

  it('tells each transaction a speed-up replaced, after the broadcast, with the speed it had', () => {
    const oldHash = `0x${'ab'.repeat(32)}`;
    const steps = buildTimeline({ ...base, quotedAt: null, replacements: [{ hash: oldHash, speed: 'slow', at: at('2026-01-01T10:00:30.000Z') }] });
    expect(steps.slice(0, 3).map((step) => step.kind)).toEqual(['broadcast', 'replaced', 'included']);
    expect(steps[1]).toEqual({
      kind: 'replaced',
      label: 'Sped up: 0xababab…abab (Slow) replaced by a faster transaction',
      done: true,
      at: '2026-01-01T10:00:30.000Z',
      expectedAt: null,
    });
    timelineStepSchema.parse(steps[1]);
  });

  it('ends a failed payment on its failed branch', () => {
    const steps = buildTimeline({ ...base, status: 'failed' });
    expect(steps.map((step) => [step.kind, step.done])).toEqual([['quoted', true], ['broadcast', true], ['failed', true]]);
    expect(steps[2]).toMatchObject({ label: 'Failed', at: null });
  });

  it('runs confirmation times on the chain clock, scaled to wall time', () => {
    expect(confirmationTime({ ...base, timeScale: 60 }, 12).toISOString()).toBe('2026-01-01T10:00:40.917Z');
  });
});

describe('timeToFinalText', () => {
  it('gives the time from broadcast to final at each speed', () => {
    expect(timeToFinalText('slow')).toBe('1–3 min');
    expect(timeToFinalText('normal')).toBe('1–2 min');
    expect(timeToFinalText('fast')).toBe('under a minute');
  });
});
