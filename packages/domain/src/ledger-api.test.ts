import { describe, expect, it } from 'vitest';
import { MAX_WALLETS_PER_USER, startingBalanceUnits, TRANSACTION_PAGE_LIMITS } from './ledger-api.ts';
import { WALLET_MESSAGES, walletAlreadyConnectedMessage } from './ledger-messages.ts';
import { connectWalletSchema, idempotencyKeySchema, transactionListQuerySchema } from './ledger-api-schemas.ts';

describe('wallet rules', () => {
  it("words the duplicate refusal with the network's label", () => {
    expect(walletAlreadyConnectedMessage('eth_sepolia')).toBe('A Ethereum Sepolia wallet is already connected');
    expect(walletAlreadyConnectedMessage('solana_devnet')).toBe('A Solana Devnet wallet is already connected');
  });

  it('starts every wallet at 100 coins in its smallest unit', () => {
    expect(startingBalanceUnits('eth_sepolia')).toBe(100n * 10n ** 18n);
    expect(startingBalanceUnits('solana_devnet')).toBe(100n * 10n ** 9n);
  });

  it('accepts only the registry networks to connect', () => {
    expect(connectWalletSchema.safeParse({ network: 'polygon_amoy' }).success).toBe(true);
    expect(connectWalletSchema.safeParse({ network: 'polygon-mumbai' }).success).toBe(false);
  });

  it('states the wallet limit it enforces', () => {
    expect(WALLET_MESSAGES.walletLimitReached).toContain(String(MAX_WALLETS_PER_USER));
  });
});

describe('idempotencyKeySchema', () => {
  it.each(['3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f', 'send:1', 'a', 'x'.repeat(128)])('accepts %s', (key) => {
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });
  it.each(['', ' ', 'has space', 'x'.repeat(129), 'ümlaut', 'a\nb'])('refuses %j', (key) => {
    expect(idempotencyKeySchema.safeParse(key).success).toBe(false);
  });
});

describe('transactionListQuerySchema', () => {
  it('defaults the page size and caps it', () => {
    expect(transactionListQuerySchema.parse({}).limit).toBe(TRANSACTION_PAGE_LIMITS.defaultLimit);
    expect(transactionListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(transactionListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(transactionListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('takes days or instants with an offset as date bounds', () => {
    expect(transactionListQuerySchema.safeParse({ from: '2026-01-31', to: '2026-02-01T10:00:00+05:30' }).success).toBe(true);
    expect(transactionListQuerySchema.safeParse({ from: '31/01/2026' }).success).toBe(false);
    expect(transactionListQuerySchema.safeParse({ search: 'x'.repeat(129) }).success).toBe(false);
  });
});
