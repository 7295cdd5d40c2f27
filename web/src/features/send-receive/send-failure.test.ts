import { PAYMENT_MESSAGES } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { InvalidSendResponseError, SendTimeoutError, describeSendFailure, readSendResponse, withSendTimeout } from './send-failure.ts';

describe('describeSendFailure', () => {
  it.each([
    ['a timeout', new SendTimeoutError(), { message: PAYMENT_MESSAGES.timedOut, isDecided: false, isTimeout: true }],
    ['an invalid answer', new InvalidSendResponseError(), { message: PAYMENT_MESSAGES.invalidResponse, isDecided: false, isTimeout: false }],
    ['an unreachable server', new TypeError('Failed to fetch'), { message: PAYMENT_MESSAGES.unavailable, isDecided: false, isTimeout: false }],
    ['a 503 with a message', new ApiError(503, 'SERVICE_UNAVAILABLE', 'Busy'), { message: PAYMENT_MESSAGES.unavailable, isDecided: false, isTimeout: false }],
    ['a 500 without a message', new ApiError(500, 'HTTP_ERROR', 'HTTP error! status: 500'), { message: PAYMENT_MESSAGES.failed, isDecided: false, isTimeout: false }],
    ['a 400 with a message', new ApiError(400, 'INVALID_AMOUNT', 'Invalid amount'), { message: 'Invalid amount', isDecided: true, isTimeout: false }],
    ['a 400 without one', new ApiError(400, 'HTTP_ERROR', 'HTTP error! status: 400'), { message: PAYMENT_MESSAGES.failed, isDecided: true, isTimeout: false }],
    ['anything else', new Error('boom'), { message: PAYMENT_MESSAGES.failed, isDecided: false, isTimeout: false }],
  ])('tells %s in the spec’s words', (_case, error, expected) => {
    expect(describeSendFailure(error)).toEqual(expected);
  });
});

describe('readSendResponse', () => {
  it.each([[undefined], [null], [{}], [{ transaction: {}, wallet: {}, alerts: [] }]])('refuses %j as an invalid answer', async (body) => {
    await expect(readSendResponse(body)).rejects.toThrow(InvalidSendResponseError);
  });
});

describe('withSendTimeout', () => {
  it('turns an abandoned request into a SendTimeoutError, and passes other failures through', async () => {
    const never = (signal: AbortSignal) => new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(withSendTimeout(never, 1)).rejects.toBeInstanceOf(SendTimeoutError);
    await expect(withSendTimeout(() => Promise.reject(new TypeError('Failed to fetch')), 1_000)).rejects.toBeInstanceOf(TypeError);
    await expect(withSendTimeout(() => Promise.resolve('answer'), 1_000)).resolves.toBe('answer');
  });
});
