import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { getNetwork, isValidAddress, listNetworks, toChecksumAddress } from '@fincrypt/domain';
import { keccak256, parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createKeyVault } from './key-vault.ts';
import { generateKeyPair } from './keys.ts';
import { decodeSolanaWireTransaction, signEvmTransaction, signTransfer } from './signing.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('generateKeyPair', () => {
  it.each(listNetworks().map((network) => [network.id, network] as const))('makes a valid, fresh address on %s', (_id, network) => {
    const first = generateKeyPair(network);
    const second = generateKeyPair(network);
    expect(isValidAddress(network.id, first.address)).toBe(true);
    expect(first.address).not.toBe(second.address);
    expect(first.privateKeyHex).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives EVM addresses in EIP-55 form and Solana addresses as the base58 public key', () => {
    const evm = generateKeyPair(getNetwork('eth_sepolia'));
    expect(evm.address).toBe(toChecksumAddress(evm.address));
    expect(evm.publicKey).toMatch(/^0x04[0-9a-f]{128}$/);
    const solana = generateKeyPair(getNetwork('solana_devnet'));
    expect(base58.decode(solana.address)).toEqual(ed25519.getPublicKey(Buffer.from(solana.privateKeyHex, 'hex')));
  });
});

describe('signTransfer', () => {
  it('hashes an EVM transfer as keccak-256 of the signed EIP-1559 transaction, recoverable to the sender', async () => {
    const network = getNetwork('polygon_amoy');
    const sender = generateKeyPair(network);
    const recipient = generateKeyPair(network);
    const transfer = {
      network,
      privateKeyHex: sender.privateKeyHex,
      from: sender.address,
      to: recipient.address,
      amountUnits: 1_500_000_000_000_000_000n,
      gasPriceWei: 150_000_000_000n,
      nonce: 7,
    };
    const signed = await signEvmTransaction(transfer, 80002);
    expect(await signTransfer(transfer)).toEqual({ hash: keccak256(signed), raw: signed });
    expect(parseTransaction(signed)).toMatchObject({
      type: 'eip1559',
      chainId: 80002,
      nonce: 7,
      gas: 21_000n,
      maxFeePerGas: 150_000_000_000n,
      maxPriorityFeePerGas: 150_000_000_000n,
      value: 1_500_000_000_000_000_000n,
      to: recipient.address.toLowerCase(),
    });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(sender.address);
    // Another nonce is another transaction.
    expect((await signTransfer({ ...transfer, nonce: 8 })).hash).not.toBe((await signTransfer(transfer)).hash);
  });

  it('identifies a Solana transfer by its base58 ed25519 signature over a system-transfer message', async () => {
    const network = getNetwork('solana_devnet');
    const sender = generateKeyPair(network);
    const recipient = generateKeyPair(network);
    const transfer = {
      network,
      privateKeyHex: sender.privateKeyHex,
      from: sender.address,
      to: recipient.address,
      amountUnits: 2_500_000_000n,
      gasPriceWei: 1_000_000_000n,
      nonce: 0,
    };
    const { hash, raw } = await signTransfer(transfer);
    const signature = base58.decode(hash);
    expect(signature).toHaveLength(64);
    const { message, signature: carried } = decodeSolanaWireTransaction(raw);
    expect(carried).toEqual(signature);
    expect(ed25519.verify(signature, message, base58.decode(sender.address))).toBe(true);
    // The lamports sit little-endian at the end of the instruction data.
    expect(Buffer.from(message.subarray(-8)).readBigUInt64LE()).toBe(2_500_000_000n);
    expect((await signTransfer({ ...transfer, nonce: 1 })).hash).not.toBe(hash);
  });
});

describe('key vault', () => {
  it('round-trips a private key, and the sealed text reveals nothing of it', () => {
    const vault = createKeyVault(SECRET);
    const keyPair = generateKeyPair(getNetwork('eth_sepolia'));
    const sealed = vault.seal(keyPair.privateKeyHex, keyPair.address);
    expect(sealed).not.toContain(keyPair.privateKeyHex);
    expect(vault.seal(keyPair.privateKeyHex, keyPair.address)).not.toBe(sealed);
    expect(vault.open(sealed, keyPair.address)).toBe(keyPair.privateKeyHex);
  });

  it('refuses another secret, another address and a tampered text', () => {
    const vault = createKeyVault(SECRET);
    const keyPair = generateKeyPair(getNetwork('solana_devnet'));
    const sealed = vault.seal(keyPair.privateKeyHex, keyPair.address);
    expect(() => createKeyVault(`${SECRET}-other`).open(sealed, keyPair.address)).toThrow();
    expect(() => vault.open(sealed, generateKeyPair(getNetwork('solana_devnet')).address)).toThrow();
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join('.');
    expect(() => vault.open(tampered, keyPair.address)).toThrow();
    expect(() => createKeyVault('short')).toThrow(/at least 32/);
  });
});
