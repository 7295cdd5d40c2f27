import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { findAsset, getNetwork } from '@fincrypt/domain';
import { decodeFunctionData, erc20Abi, keccak256, parseTransaction, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { getSetComputeUnitLimitInstructionDataDecoder, getSetComputeUnitPriceInstructionDataDecoder } from '@solana-program/compute-budget';
import { TOKEN_PROGRAM_ADDRESS, getTransferCheckedInstructionDataDecoder } from '@solana-program/token';
import { getCompiledTransactionMessageDecoder } from '@solana/kit';
import { associatedTokenAddress, decodeSolanaWireTransaction, signEvmTransaction, signTransfer } from './signing.ts';

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

  it('derives associated token accounts as SPL wallets do', async () => {
    expect(await associatedTokenAddress('3h1zGmCwsRJnVk5BuRNMLsPaQu1y2aqXqXDWYCgrp5UG', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(
      '3uetDDizgTtadDHZzyy9BqxrjQcozMEkxzbKhfZF4tG3',
    );
    expect(await associatedTokenAddress('5waJka9MrCgPFoLo3SQSjLDTGnkoDcwYYPnpk4YNJS6i', '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU')).toBe(
      'HmBpVD6N1vuGvQpS8KrwWH6Tr8rSwXQBEDKn5VXW6yyw',
    );
  });

  it('signs an SPL TransferChecked between the two token accounts, its ed25519 signature the hash', async () => {
    const network = getNetwork('solana_devnet');
    const usdc = findAsset('solana_devnet', 'USDC')!;
    const sender = generateKeyPair(network);
    const recipient = generateKeyPair(network);
    const transfer = { network, from: sender.address, to: recipient.address, amountUnits: 25_000_000n, nonce: 0, asset: usdc };
    const { hash, raw } = await signTransfer({ ...transfer, privateKeyHex: sender.privateKeyHex, gasPriceWei: 75_000n });
    const { message, signature } = decodeSolanaWireTransaction(raw);
    expect(ed25519.verify(base58.decode(hash), message, base58.decode(sender.address))).toBe(true);
    expect(base58.encode(signature)).toBe(hash);
    // One signer (the owner, also fee payer); the compute-unit limit and price, then SPL Token's TransferChecked of
    // [source, mint, destination, owner].
    const compiled = getCompiledTransactionMessageDecoder().decode(message);
    if (compiled.version !== 'legacy') throw new Error(`a ${compiled.version} message, not a legacy one`);
    expect(compiled.header.numSignerAccounts).toBe(1);
    expect(compiled.staticAccounts[0]).toBe(sender.address);
    expect(compiled.instructions).toHaveLength(3);
    const [limit, price, instruction] = compiled.instructions;
    expect(getSetComputeUnitLimitInstructionDataDecoder().decode(limit!.data!)).toMatchObject({ units: Number(usdc.transferGas) });
    expect(getSetComputeUnitPriceInstructionDataDecoder().decode(price!.data!)).toMatchObject({ microLamports: 75_000n });
    expect(compiled.staticAccounts[instruction!.programAddressIndex]).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(instruction!.accountIndices!.map((index) => compiled.staticAccounts[index])).toEqual([
      await associatedTokenAddress(sender.address, usdc.address!),
      usdc.address,
      await associatedTokenAddress(recipient.address, usdc.address!),
      sender.address,
    ]);
    expect(getTransferCheckedInstructionDataDecoder().decode(instruction!.data!)).toEqual({ discriminator: 12, amount: 25_000_000n, decimals: 6 });
  });
});
