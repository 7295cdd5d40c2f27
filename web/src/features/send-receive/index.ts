/** The send-receive feature's public API: the Send and Receive tabs and the navigation state that opens them. */
export { NoWalletsAvailable } from './components/no-wallets-available.tsx';
export { SendReceiveTabs } from './components/send-receive-tabs.tsx';
export { type SendReceiveNavigationState, type SendReceiveTab, readSendReceiveState } from './navigation-state.ts';
export { acknowledgeWarnings, isAcknowledged, reasonsConfirmedBy } from './acknowledged-warnings.ts';
export type { SendPrefill } from './send-prefill.ts';
export { type PrefillOptions, type PrefillPlan, PREFILL_MESSAGES, planPrefill, prefillAskText, walletOnNetwork } from './apply-prefill.ts';
export { readSendPrefill } from './navigation-state.ts';
