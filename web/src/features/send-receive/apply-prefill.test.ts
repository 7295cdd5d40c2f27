import { describe, expect, it } from 'vitest';
import { makeWallet, usdcBalance } from '../../lib/testing/make-wallet.ts';
import { planPrefill, stillPays } from './apply-prefill.ts';
import { readSendPrefill, readSendReceiveState } from './navigation-state.ts';

const sepolia = makeWallet();
const amoy = makeWallet({
  id: '8e2f0c44-3b8a-4c55-9b8e-2f0a4c1d9e02',
  network: 'polygon_amoy',
  networkLabel: 'Polygon Amoy',
  symbol: 'MATIC',
  balances: [
    { asset: 'MATIC', symbol: 'MATIC', name: 'Amoy MATIC', decimals: 18, kind: 'native', balance: '100.0000', balanceUnits: '100000000000000000000' },
    usdcBalance('1000.00', '0x41E94Eb019C0762f9Bfcf9Fb1E58725BfB0e7582'),
  ],
});
const wallets = [sepolia, amoy];
const TO = '0x000000000000000000000000000000000000dEaD';
const REFERENCE = 'ab'.repeat(32);

describe('planPrefill', () => {
  it("a request's Pay: the wallet on its network, the asset, the amount the recipient gets in their currency", () => {
    const plan = planPrefill(
      { network: 'polygon_amoy', to: TO, asset: 'USDC', amount: '500', amountUnit: { kind: 'recipient', currency: 'inr' }, reference: REFERENCE },
      wallets,
      sepolia.id,
    );
    expect(plan).toEqual({
      status: 'apply',
      values: { walletId: amoy.id, asset: 'USDC', to: TO, amount: '500', unit: 'recipient', recipientCurrency: 'inr' },
    });
  });

  it('an asset amount with no asset named is in the network coin', () => {
    expect(planPrefill({ network: 'eth_sepolia', to: TO, amount: '0.5' }, wallets, amoy.id)).toMatchObject({
      status: 'apply',
      values: { walletId: sepolia.id, asset: 'ETH', amount: '0.5', unit: 'asset' },
    });
  });

  it('a scanned code for another network fills nothing and offers the wallet there', () => {
    const plan = planPrefill({ network: 'polygon_amoy', to: TO, asset: 'USDC' }, wallets, sepolia.id, { switchWallet: false });
    expect(plan).toMatchObject({ status: 'other-network', wallet: { id: amoy.id }, message: 'This code asks for USDC on Polygon Amoy' });
  });

  it('no wallet on the network, or an asset it lacks: a message, nothing filled', () => {
    expect(planPrefill({ network: 'solana_devnet', to: 'x', asset: 'USDC' }, wallets, sepolia.id)).toMatchObject({
      status: 'no-wallet',
      message: 'You have no Solana Devnet wallet. Add one on the dashboard to pay this.',
    });
    expect(planPrefill({ network: 'eth_sepolia', to: TO, asset: 'DAI' }, wallets, sepolia.id)).toMatchObject({
      status: 'unknown-asset',
      message: 'Ethereum Sepolia has no asset DAI',
    });
  });

  it('a bare address keeps the chosen wallet and leaves the amount alone', () => {
    expect(planPrefill({ to: TO }, wallets, amoy.id)).toMatchObject({
      status: 'apply',
      values: { walletId: amoy.id, asset: 'MATIC', to: TO, amount: undefined },
    });
  });
});

describe('stillPays', () => {
  const prefilled = { reference: REFERENCE, request: undefined, network: 'eth_sepolia' as const, to: TO, asset: 'USDC' };
  it('holds while network, recipient (any letter case on EVM) and asset are the request’s', () => {
    expect(stillPays(prefilled, { network: 'eth_sepolia', to: TO.toLowerCase(), asset: 'USDC' })).toBe(true);
    expect(stillPays(prefilled, { network: 'polygon_amoy', to: TO, asset: 'USDC' })).toBe(false);
    expect(stillPays(prefilled, { network: 'eth_sepolia', to: TO, asset: 'ETH' })).toBe(false);
    expect(stillPays(prefilled, { network: 'eth_sepolia', to: `0x${'1'.repeat(40)}`, asset: 'USDC' })).toBe(false);
  });
});

describe('readSendPrefill', () => {
  it('reads a full prefill from the location state', () => {
    const prefill = {
      network: 'eth_sepolia',
      to: TO,
      asset: 'USDC',
      amount: '500',
      amountUnit: { kind: 'recipient', currency: 'inr' },
      reference: `0x${REFERENCE}`,
      request: { id: 'abcdefghijklmnopqrstuv', displayName: 'Ana', note: 'Rent' },
    };
    expect(readSendReceiveState({ action: 'send', prefill })).toEqual({ tab: 'send', walletId: undefined, prefill: { ...prefill, reference: REFERENCE } });
  });

  it('refuses anything malformed as a whole', () => {
    expect(readSendPrefill({ to: TO, network: 'bitcoin' })).toBeUndefined();
    expect(readSendPrefill({ to: TO, amount: '-1' })).toBeUndefined();
    expect(readSendPrefill({ to: TO, amount: '1e5' })).toBeUndefined();
    expect(readSendPrefill({ to: TO, reference: 'abc' })).toBeUndefined();
    expect(readSendPrefill({ to: TO, amountUnit: { kind: 'recipient', currency: 'btc' } })).toBeUndefined();
    expect(readSendPrefill({ to: '' })).toBeUndefined();
    expect(readSendPrefill('x')).toBeUndefined();
    expect(readSendReceiveState({ action: 'receive', prefill: { to: TO } })).toEqual({ tab: 'receive', walletId: undefined });
  });
});
