import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSend, SEND_MESSAGES, tooManyDecimalsMessage, type SendCheckInput } from './send.ts';
import { sendRequestSchema } from './send-schemas.ts';
import { findAsset, nativeAsset } from './assets.ts';
import { API_ERRORS } from './errors.ts';

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
    expect(sendRequestSchema.parse({ ...valid, feeQuoteId: 'q-1' }).feeQuoteId).toBe('q-1');
    const quoteId = '0b9f4c1e-8d2a-4f6b-9c3e-5a7d1e2f3b4c';
    expect(sendRequestSchema.parse({ ...valid, quoteId }).quoteId).toBe(quoteId);
    expect(sendRequestSchema.safeParse({ ...valid, quoteId: 'q-1' }).success).toBe(false);
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
  const base: SendCheckInput = { network: 'eth_sepolia', from: FROM, balances: { ETH: 100n * ETH, SOL: 100n * 10n ** 9n }, amount: '1', fee: 630_000_000_000_000n, to: TO };
  const USDC = 1_000_000n;
  const message = (input: Partial<SendCheckInput>) => {
    const result = checkSend({ ...base, ...input });
    return result.ok ? undefined : result.message;
  };

  it('returns the asset, the amount, the coin leaving the wallet and the canonical recipient', () => {
    expect(checkSend({ ...base, to: TO.toLowerCase() })).toEqual({
      ok: true,
      asset: nativeAsset('eth_sepolia'),
      amountUnits: ETH,
      nativeDebitUnits: ETH + 630_000_000_000_000n,
      to: TO,
    });
    expect(checkSend({ ...base, balances: { ETH, USDC: 50n * USDC }, asset: 'USDC', amount: '25.5' })).toEqual({
      ok: true,
      asset: findAsset('eth_sepolia', 'USDC'),
      amountUnits: 25_500_000n,
      nativeDebitUnits: 630_000_000_000_000n,
      to: TO,
    });
  });

  it('then an asset the network has: unknown ones and other networks\' are refused by name', () => {
    expect(message({ asset: 'DOGE', amount: 'junk' })).toBe('Unknown asset "DOGE"');
    expect(message({ asset: 'SOL' })).toBe('SOL is not an asset on Ethereum Sepolia');
    expect(message({ asset: 'MATIC' })).toBe('MATIC is not an asset on Ethereum Sepolia');
    expect(message({ asset: 'ETH' })).toBeUndefined();
  });

  it('checks a token amount against the token, and its fee against the coin', () => {
    const token = { ...base, asset: 'USDC', balances: { ETH: base.fee, USDC: 25n * USDC } };
    expect(message({ ...token, amount: '25' })).toBeUndefined();
    expect(message({ ...token, amount: '25.000001' })).toBe('Insufficient USDC balance');
    expect(message({ ...token, amount: '0.0000001' })).toBe('Amount has more decimal places than USDC allows (at most 6)');
    // Plenty of USDC, one wei short of the fee.
    expect(message({ ...token, amount: '1', balances: { ETH: base.fee - 1n, USDC: 1_000n * USDC } })).toBe('Not enough ETH to pay the network fee');
    expect(message({ ...token, amount: '1', balances: { USDC: 1_000n * USDC } })).toBe('Not enough ETH to pay the network fee');
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: SOL_TO, asset: 'USDC', amount: '1', fee: 5000n, balances: { SOL: 4999n, USDC } })).toBe(
      'Not enough SOL to pay the network fee',
    );
  });

  it('refuses a missing sender wallet first', () => {
    expect(message({ network: undefined, amount: 'junk', to: '' })).toBe('Sender wallet not found');
    expect(message({ from: undefined })).toBe('Sender wallet not found');
    expect(message({ balances: undefined })).toBe('Sender wallet not found');
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
    expect(message({ balances: { ETH }, amount: '1', to: '' })).toBe('Insufficient balance for transaction and gas fee');
    expect(message({ balances: { ETH: ETH + base.fee }, amount: '1' })).toBeUndefined();
    expect(message({ balances: { ETH: ETH + base.fee - 1n, USDC: 10n ** 12n }, amount: '1' })).toBe('Insufficient balance for transaction and gas fee');
  });

  it('then a recipient that is not valid on the network', () => {
    expect(message({ to: '' })).toBe('Invalid recipient address');
    expect(message({ to: SOL_TO })).toBe('Invalid recipient address');
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: TO, fee: 0n })).toBe('Invalid recipient address');
  });

  it('then a recipient nothing comes back from: the EVM zero address, or a token contract of the network', () => {
    const zero = '0x0000000000000000000000000000000000000000';
    expect(checkSend({ ...base, to: zero })).toMatchObject({ ok: false, code: 'INVALID_RECIPIENT', field: 'to', message: API_ERRORS.INVALID_RECIPIENT.messages.zeroAddress });
    const sepoliaUsdc = findAsset('eth_sepolia', 'USDC')!.address!;
    for (const asset of [undefined, 'USDC']) {
      expect(message({ asset, to: sepoliaUsdc.toLowerCase(), balances: { ETH: 100n * ETH, USDC: 10n * USDC } })).toBe(
        "This is the USDC token's own contract, not a wallet: anything sent to it is lost for good",
      );
    }
    const devnetMint = findAsset('solana_devnet', 'USDC')!.address!;
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: devnetMint, fee: 0n })).toBe(API_ERRORS.INVALID_RECIPIENT.messages.tokenContract('USDC'));
    // Another network's token contract is just an address here.
    expect(checkSend({ ...base, to: findAsset('polygon_amoy', 'USDC')!.address! }).ok).toBe(true);
  });

  it('then a send to the same wallet', () => {
    expect(message({ to: FROM.toLowerCase() })).toBe('You cannot send to the same wallet');
    expect(message({ network: 'solana_devnet', from: SOL_FROM, to: SOL_FROM, fee: 0n })).toBe('You cannot send to the same wallet');
  });

  it('never lets more than a balance of either asset leave the wallet', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 21n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.constantFrom('ETH', 'USDC'),
        fc.stringMatching(/^\d{1,4}(\.\d{1,18})?$/),
        (eth, usdc, fee, asset, amount) => {
          const result = checkSend({ ...base, balances: { ETH: eth, USDC: usdc }, asset, fee, amount });
          if (!result.ok) return true;
          const tokenDebit = asset === 'USDC' ? result.amountUnits : 0n;
          return result.nativeDebitUnits <= eth && tokenDebit <= usdc && result.amountUnits > 0n && result.nativeDebitUnits >= fee;
        },
      ),
    );
  });
});
