import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { findAsset, getNetwork } from '@fincrypt/domain';
import { decodeFunctionData, erc20Abi, keccak256, parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { associatedTokenAddress, signEvmTransaction, signTransfer, solanaTransferMessage } from './signing.ts';

describe('token transfers', () => {
  it('signs an ERC-20 transfer(to, amount) to the token contract, with no value and 65,000 gas, recoverable to the sender', async () => {
    const network = getNetwork('eth_sepolia');
    const usdc = findAsset('eth_sepolia', 'USDC')!;
    const sender = generateKeyPair(network);
    const recipient = generateKeyPair(network);
    const transfer = {
      network,
      privateKeyHex: sender.privateKeyHex,
      from: sender.address,
      to: recipient.address,
      amountUnits: 25_000_000n,
      gasPriceWei: 45_000_000_000n,
      nonce: 3,
      asset: usdc,
    };
    const signed = await signEvmTransaction(transfer, 11155111);
    const parsed = parseTransaction(signed);
    expect(parsed).toMatchObject({ to: usdc.address!.toLowerCase(), gas: 65_000n, chainId: 11155111, nonce: 3 });
    expect(parsed.value ?? 0n).toBe(0n);
    expect(decodeFunctionData({ abi: erc20Abi, data: parsed.data! })).toEqual({ functionName: 'transfer', args: [recipient.address, 25_000_000n] });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(sender.address);
    expect(await signTransfer(transfer)).toEqual({ hash: keccak256(signed), raw: signed });
  });

  it('derives associated token accounts as SPL wallets do', () => {
    expect(associatedTokenAddress('3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      '3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3',
    );
    expect(associatedTokenAddress('5waJka9MrCgPFoLo3SQSjLDTGnkoDcwYYPnpk4YNJS6i', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')).toBe(
      'HmBpVD6N1vuGvQpS8KrwWH6Tr8rSwXQBEDKn5VXW6yyw',
    );
  });

  it('signs an SPL TransferChecked between the two token accounts, its ed25519 signature the hash', async () => {
    const network = getNetwork('solana_devnet');
    const usdc = findAsset('solana_devnet', 'USDC')!;
    const sender = generateKeyPair(network);
    const recipient = generateKeyPair(network);
    const transfer = { network, from: sender.address, to: recipient.address, amountUnits: 25_000_000n, nonce: 0, asset: usdc };
    const message = solanaTransferMessage(transfer);
    // header, then five account keys: owner, source account, destination account, mint, token program
    expect([...message.slice(0, 4)]).toEqual([1, 0, 2, 5]);
    const key = (index: number) => base58.encode(message.slice(4 + index * 32, 4 + (index + 1) * 32));
    expect([key(0), key(1), key(2), key(3), key(4)]).toEqual([
      sender.address,
      associatedTokenAddress(sender.address, usdc.address!),
      associatedTokenAddress(recipient.address, usdc.address!),
      usdc.address,
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    ]);
    // one instruction: program 4, accounts [source, mint, destination, owner], data [12, amount u64 LE, decimals]
    const instruction = [...message.slice(4 + 5 * 32 + 32)];
    expect(instruction.slice(0, 7)).toEqual([1, 4, 4, 1, 3, 2, 0]);
    expect(instruction.slice(7)).toEqual([10, 12, 0x40, 0x78, 0x7d, 0x01, 0, 0, 0, 0, 6]);
    const { hash } = await signTransfer({ ...transfer, privateKeyHex: sender.privateKeyHex, gasPriceWei: 1_500_000_000n });
    expect(ed25519.verify(base58.decode(hash), message, base58.decode(sender.address))).toBe(true);
  });
});
