import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FAUCET_FAILED_MESSAGE, faucetFailureMessage, faucetSuccessMessage } from './claim-faucet.ts';

describe('faucetSuccessMessage', () => {
  it('names each amount the claim brought', () => {
    expect(faucetSuccessMessage([{ amount: '10', symbol: 'ETH' }, { amount: '500', symbol: 'USDC' }])).toBe('Added 10 ETH and 500 USDC');
    expect(faucetSuccessMessage([{ amount: '10', symbol: 'SOL' }])).toBe('Added 10 SOL');
    expect(faucetSuccessMessage([{ amount: '1', symbol: 'A' }, { amount: '2', symbol: 'B' }, { amount: '3', symbol: 'C' }])).toBe('Added 1 A, 2 B and 3 C');
    expect(faucetSuccessMessage([])).toBe('Test funds added');
  });
});

describe('faucetFailureMessage', () => {
  it("says what the server said about a refusal, and a general message for anything else", () => {
    const cooldown = 'This wallet already got test funds in the last 24 hours. You can ask again in 23 hours.';
    expect(faucetFailureMessage(new ApiError(429, 'FAUCET_COOLDOWN', cooldown, Date.now() + 1000))).toBe(cooldown);
    expect(faucetFailureMessage(new ApiError(404, 'NOT_FOUND', 'Wallet not found'))).toBe('Wallet not found');
    expect(faucetFailureMessage(new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'))).toBe(FAUCET_FAILED_MESSAGE);
    expect(faucetFailureMessage(new ApiError(502, 'HTTP_ERROR', 'HTTP error! status: 502'))).toBe(FAUCET_FAILED_MESSAGE);
    expect(faucetFailureMessage(new TypeError('Failed to fetch'))).toBe(FAUCET_FAILED_MESSAGE);
  });
});
