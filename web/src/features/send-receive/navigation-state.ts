import { DISPLAY_CURRENCIES, type DisplayCurrency, NETWORK_IDS, type NetworkId, normalizePaymentReference } from '@fincrypt/domain';
import type { SendPrefill } from './send-prefill.ts';

export const SEND_RECEIVE_TABS = ['send', 'receive'] as const;
export type SendReceiveTab = (typeof SEND_RECEIVE_TABS)[number];

/** The router location state other screens pass when they open /send-receive (docs/product.md#routes). */
export interface SendReceiveNavigationState {
  action?: SendReceiveTab;
  walletId?: string;
  /** What the Send form opens filled with (a payment request's Pay button): see send-prefill.ts. */
  prefill?: SendPrefill;
}

export interface SendReceiveState {
  tab: SendReceiveTab;
  walletId: string | undefined;
  prefill?: SendPrefill;
}

/** Reads the location state defensively: it may be missing, or left over from another page. */
export function readSendReceiveState(state: unknown): SendReceiveState {
  const record = asRecord(state);
  const tab = record.action === 'receive' ? 'receive' : 'send';
  const walletId = typeof record.walletId === 'string' && record.walletId !== '' ? record.walletId : undefined;
  const prefill = tab === 'send' ? readSendPrefill(record.prefill) : undefined;
  return prefill ? { tab, walletId, prefill } : { tab, walletId };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const optionalText = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined;

/** A SendPrefill from the location state, or undefined when it is not one (every field checked; nothing half-read). */
export function readSendPrefill(value: unknown): SendPrefill | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = asRecord(value);
  const to = optionalText(record.to, 200);
  if (!to) return undefined;
  const prefill: SendPrefill = { to };
  if (record.network !== undefined) {
    if (!(NETWORK_IDS as readonly unknown[]).includes(record.network)) return undefined;
    prefill.network = record.network as NetworkId;
  }
  if (record.asset !== undefined) {
    const asset = optionalText(record.asset, 20);
    if (!asset) return undefined;
    prefill.asset = asset;
  }
  if (record.amount !== undefined) {
    const amount = optionalText(record.amount, 60);
    if (!amount || !/^\d+(\.\d+)?$/.test(amount)) return undefined;
    prefill.amount = amount;
  }
  if (record.amountUnit !== undefined) {
    const unit = asRecord(record.amountUnit);
    if (unit.kind === 'asset') prefill.amountUnit = { kind: 'asset' };
    else if (unit.kind === 'recipient' && (DISPLAY_CURRENCIES as readonly unknown[]).includes(unit.currency)) {
      prefill.amountUnit = { kind: 'recipient', currency: unit.currency as DisplayCurrency };
    } else return undefined;
  }
  if (record.reference !== undefined) {
    const reference = typeof record.reference === 'string' ? normalizePaymentReference(record.reference) : undefined;
    if (!reference) return undefined;
    prefill.reference = reference;
  }
  if (record.request !== undefined) {
    const request = asRecord(record.request);
    const id = optionalText(request.id, 40);
    const displayName = optionalText(request.displayName, 100);
    if (!id || !displayName) return undefined;
    prefill.request = { id, displayName, note: typeof request.note === 'string' ? request.note : null };
  }
  return prefill;
}
