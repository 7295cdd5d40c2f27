export const SEND_RECEIVE_TABS = ['send', 'receive'] as const;
export type SendReceiveTab = (typeof SEND_RECEIVE_TABS)[number];

/** The router location state other screens pass when they open /send-receive (action and walletId; docs/product.md#routes). */
export interface SendReceiveNavigationState {
  action?: SendReceiveTab;
  walletId?: string;
}

/** Reads the location state defensively: it may be missing, or left over from another page. */
export function readSendReceiveState(state: unknown): { tab: SendReceiveTab; walletId: string | undefined } {
  const record = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const tab = record.action === 'receive' ? 'receive' : 'send';
  const walletId = typeof record.walletId === 'string' && record.walletId !== '' ? record.walletId : undefined;
  return { tab, walletId };
}
