import { create } from 'zustand';

/** Whether the live connection is down (docs/product.md#realtime): the page says so while it is. */
export const useConnectionState = create<{ isOffline: boolean }>(() => ({ isOffline: false }));

export function setOffline(isOffline: boolean): void {
  if (useConnectionState.getState().isOffline !== isOffline) useConnectionState.setState({ isOffline });
}
