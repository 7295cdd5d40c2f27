import type { SendRequestInput } from '@fincrypt/domain';

/** A fresh Idempotency-Key; falls back to getRandomValues where randomUUID is missing (plain http off localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SendAttempt {
  request: SendRequestInput;
  idempotencyKey: string;
}

const sameIntent = (a: SendRequestInput, b: SendRequestInput) =>
  a.walletId === b.walletId &&
  (a.asset ?? '') === (b.asset ?? '') &&
  a.to.trim() === b.to.trim() &&
  a.amount.trim() === b.amount.trim() &&
  (a.speed ?? 'normal') === (b.speed ?? 'normal');

/**
 * One Idempotency-Key per send the user means. A new submit gets a new key, except right after an attempt
 * that got no answer (the network failed or the server broke off): the request may have been carried out,
 * so trying the same send again repeats that exact request and key, and the server answers it once.
 */
export function createSendAttempts(makeKey: () => string = newIdempotencyKey) {
  let unanswered: SendAttempt | undefined;
  return {
    next(request: SendRequestInput): SendAttempt {
      if (unanswered && sameIntent(unanswered.request, request)) return unanswered;
      unanswered = { request, idempotencyKey: makeKey() };
      return unanswered;
    },
    /** The server decided (sent or refused): the next submit is a new request. */
    settle(): void {
      unanswered = undefined;
    },
  };
}
