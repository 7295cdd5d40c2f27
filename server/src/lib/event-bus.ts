import type { ExplorerRealtimeEvents, RealtimeEventName, RealtimeEvents } from '@fincrypt/domain';
import { redacted } from './log-redaction.ts';

export interface UserEvent<E extends RealtimeEventName = RealtimeEventName> {
  userId: string;
  event: E;
  payload: RealtimeEvents[E];
  /**
   * Not to the sockets of this session: the one that made the change and has its answer already. Set when
   * the change replaced that session, so that its tabs do not refetch with a cookie the server has just ended.
   */
  exceptSessionId?: string;
}

type Listener = (event: UserEvent) => void;

export type PublicEventName = keyof ExplorerRealtimeEvents;
/** An event for everyone on the public explorer channel (explorer.ts): chain data only. */
export interface PublicEvent<E extends PublicEventName = PublicEventName> {
  event: E;
  payload: ExplorerRealtimeEvents[E];
}
type PublicListener = (event: PublicEvent) => void;

/**
 * In-process fan-out of events addressed to a user. The realtime plugin relays them to that user's
 * sockets (and, on PostgreSQL, through the socket.io adapter to other processes). Publish only after the
 * database transaction that caused an event has committed: collect them in an outbox meanwhile.
 */
export function createEventBus() {
  const listeners = new Set<Listener>();
  const publicListeners = new Set<PublicListener>();
  return {
    publish<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEvents[E], options: { exceptSessionId?: string } = {}): void {
      for (const listener of listeners) {
        try {
          listener({ userId, event, payload, ...options } as UserEvent);
        } catch (error) {
          console.error('event listener failed', redacted(error));
        }
      }
    },
    publishAll(events: readonly UserEvent[]): void {
      for (const item of events) this.publish(item.userId, item.event, item.payload, { exceptSessionId: item.exceptSessionId });
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** To the public explorer channel (the realtime plugin's EXPLORER_REALTIME_NAMESPACE). */
    publishPublic<E extends PublicEventName>(event: E, payload: ExplorerRealtimeEvents[E]): void {
      for (const listener of publicListeners) {
        try {
          listener({ event, payload } as PublicEvent);
        } catch (error) {
          console.error('public event listener failed', redacted(error));
        }
      }
    },
    /** An outbox's events, once its database transaction has committed: the users' and the public ones. */
    publishOutbox(outbox: Pick<Outbox, 'events' | 'publicEvents'>): void {
      this.publishAll(outbox.events);
      for (const item of outbox.publicEvents) this.publishPublic(item.event, item.payload);
    },
    subscribePublic(listener: PublicListener): () => void {
      publicListeners.add(listener);
      return () => publicListeners.delete(listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

/** Events gathered inside a database transaction, published by the caller once it has committed. */
export function createOutbox() {
  const events: UserEvent[] = [];
  const publicEvents: PublicEvent[] = [];
  return {
    events,
    publicEvents,
    add<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEvents[E]): void {
      events.push({ userId, event, payload } as UserEvent);
    },
    addPublic<E extends PublicEventName>(event: E, payload: ExplorerRealtimeEvents[E]): void {
      publicEvents.push({ event, payload } as PublicEvent);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
