import { findAsset, getNetwork } from '@fincrypt/domain';
import { AccountState, TOKEN_PROGRAM_ADDRESS, getMintEncoder, getTokenDecoder, getTokenEncoder } from '@solana-program/token';
import { type Address, address, getTransactionDecoder, lamports } from '@solana/kit';
import { base64 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { associatedTokenAddress, signTransfer } from './signing.ts';

const solana = getNetwork('solana_devnet');
const usdc = findAsset('solana_devnet', 'USDC')!;
const asTransaction = (raw: string) => getTransactionDecoder().decode(base64.decode(raw));
const errorOf = (result: ReturnType<LiteSVM['sendTransaction']>) => ('err' in result ? String(result.err()) : undefined);

/**
 * What the app signs for Solana Devnet, run through the real Solana runtime (LiteSVM). Its blockhash check is off: the
 * app's blockhash stands in for a recent one until the runtime is the app's (decision 050). The signature, the
 * accounts and the programs are checked as a cluster would.
 */
describe('Solana transfers the app signs, on the Solana runtime', () => {
  function runtimeWith(sender: string): LiteSVM {
    const svm = new LiteSVM().withBlockhashCheck(false);
    svm.airdrop(address(sender), lamports(2_000_000_000n));
    return svm;
  }

  function placeAccount(svm: LiteSVM, at: Address, data: Uint8Array, owner: Address): void {
    svm.setAccount({ address: at, lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))), programAddress: owner, executable: false, data, space: BigInt(data.length) });
  }

  it('executes a SOL transfer: the recipient gets the lamports, the sender pays them and 5,000 lamports', async () => {
    const sender = generateKeyPair(solana);
    const recipient = generateKeyPair(solana);
    const svm = runtimeWith(sender.address);
    const signed = await signTransfer({ network: solana, privateKeyHex: sender.privateKeyHex, from: sender.address, to: recipient.address, amountUnits: 250_000_000n, gasPriceWei: 1_000_000_000n, nonce: 0 });
    expect(errorOf(svm.sendTransaction(asTransaction(signed.raw)))).toBeUndefined();
    expect(svm.getBalance(address(recipient.address))).toBe(250_000_000n);
    expect(svm.getBalance(address(sender.address))).toBe(2_000_000_000n - 250_000_000n - 5_000n);
  });

  it('executes a USDC TransferChecked between the two associated token accounts', async () => {
    const sender = generateKeyPair(solana);
    const recipient = generateKeyPair(solana);
    const svm = runtimeWith(sender.address);
    const mint = address(usdc.address!);
    placeAccount(svm, mint, Uint8Array.from(getMintEncoder().encode({ mintAuthority: null, supply: 1_000_000_000n, decimals: 6, isInitialized: true, freezeAuthority: null })), TOKEN_PROGRAM_ADDRESS);
    const tokenAccount = (owner: string, amount: bigint) =>
      Uint8Array.from(getTokenEncoder().encode({ mint, owner: address(owner), amount, delegate: null, state: AccountState.Initialized, isNative: null, delegatedAmount: 0n, closeAuthority: null }));
    const [from, to] = [await associatedTokenAddress(sender.address, mint), await associatedTokenAddress(recipient.address, mint)];
    placeAccount(svm, address(from), tokenAccount(sender.address, 1_000_000_000n), TOKEN_PROGRAM_ADDRESS);
    placeAccount(svm, address(to), tokenAccount(recipient.address, 0n), TOKEN_PROGRAM_ADDRESS);

    const signed = await signTransfer({ network: solana, privateKeyHex: sender.privateKeyHex, from: sender.address, to: recipient.address, amountUnits: 25_000_000n, gasPriceWei: 1_000_000_000n, nonce: 0, asset: usdc });
    expect(errorOf(svm.sendTransaction(asTransaction(signed.raw)))).toBeUndefined();
    const amountAt = (at: string) => {
      const account = svm.getAccount(address(at));
      if (!account.exists) throw new Error(`no account at ${at}`);
      return getTokenDecoder().decode(account.data).amount;
    };
    expect(amountAt(to)).toBe(25_000_000n);
    expect(amountAt(from)).toBe(975_000_000n);
  });

  it('refuses a transfer whose signature was tampered with, and moves nothing', async () => {
    const sender = generateKeyPair(solana);
    const recipient = generateKeyPair(solana);
    const svm = runtimeWith(sender.address);
    const signed = await signTransfer({ network: solana, privateKeyHex: sender.privateKeyHex, from: sender.address, to: recipient.address, amountUnits: 1_000_000n, gasPriceWei: 1_000_000_000n, nonce: 0 });
    const bytes = base64.decode(signed.raw);
    bytes[1] = bytes[1]! ^ 0xff;
    expect(errorOf(svm.sendTransaction(getTransactionDecoder().decode(bytes)))).toBeDefined();
    expect(svm.getBalance(address(recipient.address))).toBeNull();
  });
});
