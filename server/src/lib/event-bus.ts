import type { RealtimeEventName, RealtimeEvents } from '@fincrypt/domain';
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

/**
 * In-process fan-out of events addressed to a user. The realtime plugin relays them to that user's
 * sockets (and, on PostgreSQL, through the socket.io adapter to other processes). Publish only after the
 * database transaction that caused an event has committed: collect them in an outbox meanwhile.
 */
export function createEventBus() {
  const listeners = new Set<Listener>();
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
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

/** Events gathered inside a database transaction, published by the caller once it has committed. */
export function createOutbox() {
  const events: UserEvent[] = [];
  return {
    events,
    add<E extends RealtimeEventName>(userId: string, event: E, payload: RealtimeEvents[E]): void {
      events.push({ userId, event, payload } as UserEvent);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
