import { CONFIRMATION_INTERVAL_MS, toGasSpeed, type GasSpeed } from './fees.ts';

/** Confirmations stop counting here; the explorer's progress bar is full. */
export const MAX_CONFIRMATIONS = 12;

export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** A 'mint' is test funds the faucet created in a wallet (docs/product.md#faucet); it has no sender of ours. */
export const TRANSACTION_TYPES = ['send', 'receive', 'mint'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

export function isTransactionType(value: unknown): value is TransactionType {
  return typeof value === 'string' && (TRANSACTION_TYPES as readonly string[]).includes(value);
}

export type StatusTone = 'success' | 'warning' | 'error' | 'neutral';

const STATUS_DISPLAY: Record<TransactionStatus, { label: string; tone: StatusTone }> = {
  confirmed: { label: 'Confirmed', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'error' },
};

/** Label and colour tone of a status; anything unexpected is shown as 'Unknown'. */
export function transactionStatusDisplay(status: unknown): { label: string; tone: StatusTone } {
  return isTransactionStatus(status) ? STATUS_DISPLAY[status] : { label: 'Unknown', tone: 'neutral' };
}

/** The direction shown in transaction lists. */
export function transactionTypeLabel(type: TransactionType): 'Sent' | 'Received' {
  return type === 'send' ? 'Sent' : 'Received';
}

export type SecurityLevel = 'Low' | 'Medium' | 'High' | 'Very High' | 'Maximum';

export function securityLevel(confirmations: number): SecurityLevel {
  if (confirmations >= 12) return 'Maximum';
  if (confirmations >= 6) return 'Very High';
  if (confirmations >= 3) return 'High';
  if (confirmations >= 1) return 'Medium';
  return 'Low';
}

/** Progress of the explorer's bar, 0–100, full at 12 confirmations. */
export function confirmationProgressPercent(confirmations: number): number {
  if (!Number.isFinite(confirmations) || confirmations <= 0) return 0;
  return (Math.min(confirmations, MAX_CONFIRMATIONS) / MAX_CONFIRMATIONS) * 100;
}

/** "1 confirmation", "5 confirmations". */
export function confirmationsLabel(confirmations: number): string {
  return `${confirmations} confirmation${confirmations === 1 ? '' : 's'}`;
}

/**
 * Confirmations of a transaction included in a block at `includedAtMs`: 1 at inclusion, then one more
 * per interval of its speed, up to 12. Before inclusion it has none.
 */
export function confirmationsAt(speed: GasSpeed, includedAtMs: number, nowMs: number): number {
  const elapsedMs = nowMs - includedAtMs;
  if (!(elapsedMs >= 0)) return 0;
  const intervals = Math.floor(elapsedMs / CONFIRMATION_INTERVAL_MS[toGasSpeed(speed)]);
  return Math.min(MAX_CONFIRMATIONS, 1 + intervals);
}

/** Solana's slot time (a slot every ~400 ms) and the slots after which a slot is finalized (32 in all, ~13 s). */
export const SOLANA_SLOT_MS = 400;
export const SOLANA_FINALIZED_DEPTH_SLOTS = 31;

/**
 * A Solana transaction's confirmations `depthSlots` slots after the slot that included it (docs/product.md#fees): the
 * display's 12 steps span Solana's commitment levels, 1 when processed (in a slot), 12 when finalized (31 slots later).
 */
export function solanaConfirmations(depthSlots: number): number {
  if (!(depthSlots >= 0)) return 0;
  return Math.min(MAX_CONFIRMATIONS, 1 + Math.floor((depthSlots * (MAX_CONFIRMATIONS - 1)) / SOLANA_FINALIZED_DEPTH_SLOTS));
}
