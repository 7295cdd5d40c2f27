import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSend, SEND_MESSAGES, sendRequestSchema, tooManyDecimalsMessage, type SendCheckInput } from './send.ts';

const WALLET_ID = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';
const FROM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TO = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SOL_FROM = 'So11111111111111111111111111111111111111112';
const SOL_TO = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ETH = 10n ** 18n;

function firstMessage(input: unknown): string | undefined {
  const result = sendRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('sendRequestSchema', () => {
  const valid = { walletId: WALLET_ID, to: TO, amount: '0.5', speed: 'fast' };

  it('accepts a complete request, trims text and defaults the speed to normal', () => {
    expect(sendRequestSchema.parse({ ...valid, to: ` ${TO} `, amount: ' 1.25 ' })).toEqual({ ...valid, to: TO, amount: '1.25' });
    expect(sendRequestSchema.parse({ walletId: WALLET_ID, to: TO, amount: '1' }).speed).toBe('normal');
    expect(sendRequestSchema.parse({ ...valid, quoteId: 'q-1' }).quoteId).toBe('q-1');
  });

  it("gives the form's messages", () => {
    expect(firstMessage({ ...valid, walletId: undefined })).toBe('Please select a wallet');
    expect(firstMessage({ ...valid, walletId: '' })).toBe('Please select a wallet');
    expect(firstMessage({ ...valid, walletId: 'wallet-1' })).toBe('Please select a wallet');
    expect(firstMessage({ ...valid, to: '  ' })).toBe('Please enter a recipient address');
    expect(firstMessage({ ...valid, to: undefined })).toBe('Please enter a recipient address');
    expect(firstMessage({ ...valid, to: 'x'.repeat(129) })).toBe('Invalid recipient address');
    expect(firstMessage({ ...valid, speed: 'ludicrous' })).toBe(SEND_MESSAGES.selectSpeed);
  });

  it.each(['', '0', '0.000', '-1', 'abc', '1e3', '1,5', undefined, 5])('refuses the amount %j', (amount) => {
    expect(firstMessage({ ...valid, amount })).toBe('Please enter a valid amount');
  });
});

describe('checkSend', () => {
  const base: SendCheckInput = { network: 'eth_sepolia', from: FROM, balance: 100n * ETH, amount: '1', fee: 630_000_000_000_000n, to: TO };
  const message = (input: Partial<SendCheckInput>) => {
    const result = checkSend({ ...base, ...input });
    return result.ok ? undefined : result.message;
  };

  it('returns the amount, the total leaving the wallet and the canonical recipient', () => {
    expect(checkSend({ ...base, to: TO.toLowerCase() })).toEqual({
      ok: true,
      amountUnits: ETH,
      totalUnits: ETH + 630_000_000_000_000n,
      to: TO,
    });
  });

  it('refuses a missing sender wallet first', () => {
    expect(message({ network: undefined, amount: 'junk', to: '' })).toBe('Sender wallet not found');
    expect(message({ from: undefined })).toBe('Sender wallet not found');
    expect(message({ balance: undefined })).toBe('Sender wallet not found');
  });

  it('then an amount that is not above zero', () => {
    for (const amount of ['0', '', '-1', 'abc', '1e2']) {
      expect(message({ amount, to: '' }), amount).toBe('Invalid amount');
    }
  });

  it('names the decimals the asset allows', () => {
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: SOL_TO, amount: '0.0000000001', fee: 0n })).toBe(
      'Amount has more decimal places than SOL allows (at most 9)',
    );
    expect(tooManyDecimalsMessage('eth_sepolia')).toBe('Amount has more decimal places than ETH allows (at most 18)');
  });

  it('then an amount that with the fee is above the balance', () => {
    expect(message({ balance: ETH, amount: '1', to: '' })).toBe('Insufficient balance for transaction and gas fee');
    expect(message({ balance: ETH + base.fee, amount: '1' })).toBeUndefined();
    expect(message({ balance: ETH + base.fee - 1n, amount: '1' })).toBe('Insufficient balance for transaction and gas fee');
  });

  it('then a recipient that is not valid on the network', () => {
    expect(message({ to: '' })).toBe('Invalid recipient address');
    expect(message({ to: SOL_TO })).toBe('Invalid recipient address');
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: TO, fee: 0n })).toBe('Invalid recipient address');
  });

  it('then a send to the same wallet', () => {
    expect(message({ to: FROM.toLowerCase() })).toBe('You cannot send to the same wallet');
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: SOL_FROM, fee: 0n })).toBe('You cannot send to the same wallet');
  });

  it('never lets more than the balance leave the wallet', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 21n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.stringMatching(/^\d{1,4}(\.\d{1,18})?$/),
        (balance, fee, amount) => {
          const result = checkSend({ ...base, balance, fee, amount });
          return !result.ok || (result.totalUnits <= balance && result.amountUnits > 0n);
        },
      ),
    );
  });
});
