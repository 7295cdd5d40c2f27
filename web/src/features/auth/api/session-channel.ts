/** Tells the app's other open tabs that the user signed in or out, so they follow at once. */
export type SessionMessage = { type: 'signed-in' } | { type: 'signed-out' };

const CHANNEL_NAME = 'fincrypt-session';

export function announceSession(message: SessionMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.postMessage(message);
  channel.close();
}

export function listenToSessionAnnouncements(onMessage: (message: SessionMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<SessionMessage>) => onMessage(event.data);
  return () => channel.close();
}
