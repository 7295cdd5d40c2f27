import { MAX_CONFIRMATIONS, securityLevel, type SecurityLevel, type TransactionStatus } from './confirmations.ts';
import { CONFIRMATION_INTERVAL_MS, GAS_SPEED_LABELS, PENDING_WINDOW_MS, type GasSpeed } from './fees.ts';
import type { TimelineStep } from './timeline-schemas.ts';

/**
 * A payment's steps with their times (docs/product.md#cross-border-payments): quoted, signed and broadcast, each
 * speed-up that replaced it, included in a block, confirmations 1…12 with their security levels, final — or failed.
 * A step not reached yet has no `at`, only the time it is expected.
 */
export const TIMELINE_STEP_KINDS = ['quoted', 'broadcast', 'replaced', 'included', 'confirmation', 'final', 'failed'] as const;
export type TimelineStepKind = (typeof TIMELINE_STEP_KINDS)[number];

export interface TimelineInput {
  /** When the firm quote it honoured was made; null for a send without one. */
  quotedAt: Date | null;
  createdAt: Date;
  includeAt: Date;
  speed: GasSpeed;
  status: TransactionStatus;
  confirmations: number;
  blockNumber: number | null;
  /** Chain time runs this many times faster than the wall clock (the server's setting). */
  timeScale: number;
  /** The transactions a speed-up replaced with this one, oldest first: each one's hash, its speed, and when. */
  replacements?: readonly TimelineReplacement[];
}

export interface TimelineReplacement {
  hash: string;
  speed: GasSpeed;
  at: Date;
}

/** "0x1a2b3c…7d8e": a hash short enough for a line of the timeline (the detail page shows it whole). */
const shortHash = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash);

/** Confirmation `k` (1 = inclusion) of a transaction, in wall-clock time: the chain clock's own schedule (payments/clock.ts). */
export function confirmationTime(input: Pick<TimelineInput, 'includeAt' | 'speed' | 'timeScale'>, k: number): Date {
  return new Date(input.includeAt.getTime() + Math.ceil(((k - 1) * CONFIRMATION_INTERVAL_MS[input.speed]) / input.timeScale));
}

export function buildTimeline(input: TimelineInput): TimelineStep[] {
  const iso = (date: Date) => date.toISOString();
  const step = (kind: TimelineStepKind, label: string, done: boolean, when: Date | null, extra: Partial<TimelineStep> = {}): TimelineStep => ({
    kind,
    label,
    done,
    at: done && when ? iso(when) : null,
    expectedAt: !done && when ? iso(when) : null,
    ...extra,
  });
  const steps: TimelineStep[] = [];
  if (input.quotedAt) steps.push(step('quoted', 'Quoted', true, input.quotedAt));
  steps.push(step('broadcast', 'Signed and broadcast', true, input.createdAt));
  for (const replaced of input.replacements ?? []) {
    steps.push(step('replaced', `Sped up: ${shortHash(replaced.hash)} (${GAS_SPEED_LABELS[replaced.speed]}) replaced by a faster transaction`, true, replaced.at));
  }
  if (input.status === 'failed') {
    steps.push(step('failed', 'Failed', true, null));
    return steps;
  }
  const isIncluded = input.confirmations >= 1;
  const block = input.blockNumber ?? undefined;
  steps.push(
    step('included', isIncluded && block !== undefined ? `Included in block ${block}` : 'Waiting to be included in a block', isIncluded, input.includeAt, {
      ...(block === undefined ? {} : { blockNumber: block }),
    }),
  );
  for (let k = 1; k <= MAX_CONFIRMATIONS; k += 1) {
    const level: SecurityLevel = securityLevel(k);
    steps.push(
      step('confirmation', `${k} confirmation${k === 1 ? '' : 's'} · ${level}`, input.confirmations >= k, confirmationTime(input, k), {
        confirmations: k,
        securityLevel: level,
      }),
    );
  }
  steps.push(step('final', 'Final', input.confirmations >= MAX_CONFIRMATIONS, confirmationTime(input, MAX_CONFIRMATIONS)));
  return steps;
}

/** From broadcast to the last confirmation at `speed`, on the chain's own clock, as text: "1–2 min", "under a minute". */
export function timeToFinalText(speed: GasSpeed): string {
  const tail = (MAX_CONFIRMATIONS - 1) * CONFIRMATION_INTERVAL_MS[speed];
  const window = PENDING_WINDOW_MS[speed];
  const minMinutes = Math.floor((window.minMs + tail) / 60_000);
  const maxMinutes = Math.ceil((window.maxMs + tail) / 60_000);
  if (maxMinutes <= 1) return 'under a minute';
  return minMinutes === 0 ? `under ${maxMinutes} min` : `${minMinutes}–${maxMinutes} min`;
}
