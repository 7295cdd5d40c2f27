import { feeFromReceipt, findAsset, gasPriceWei, getNetwork, SOLANA_TRANSFER_COMPUTE_UNITS } from '@fincrypt/domain';
import { base64 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { signTransfer, type TransferToSign } from './signing.ts';
import { genesisRuntime, runtimeFromBytes, type SolanaRuntime } from './solana-runtime.ts';

const solana = getNetwork('solana_devnet');
const usdc = findAsset('solana_devnet', 'USDC')!;
const SOL = 1_000_000_000n;
const price = gasPriceWei('solana_devnet', 'normal', 1000);

/** A runtime at genesis, with a sender holding `lamports` (and `usdcUnits` in its token account). */
async function runtimeWithSender(lamports: bigint, usdcUnits = 0n) {
  const treasury = generateKeyPair(solana);
  const runtime = genesisRuntime({ treasury: treasury.address, treasuryLamports: 1_000n * SOL, mints: [{ address: usdc.address!, decimals: usdc.decimals }] });
  const sender = generateKeyPair(solana);
  await runtime.setBalances(sender.address, lamports, usdcUnits > 0n ? [{ mint: usdc.address!, units: usdcUnits }] : []);
  return { runtime, sender };
}

/** What the app signs for a send of `amountUnits` from `sender`, under the runtime's latest blockhash unless told. */
async function signed(runtime: SolanaRuntime, sender: { address: string; privateKeyHex: string }, to: string, amountUnits: bigint, extra: Partial<TransferToSign> = {}) {
  const transfer = { network: solana, privateKeyHex: sender.privateKeyHex, from: sender.address, to, amountUnits, gasPriceWei: price, nonce: 0 };
  return (await signTransfer({ ...transfer, recentBlockhash: runtime.latestBlockhash(), reference: generateKeyPair(solana).address, ...extra })).raw;
}

/**
 * What the app signs for Solana Devnet, run through the real Solana runtime (LiteSVM) with every check on: signature,
 * blockhash, balances and rent. The fee it charges is the one the app quotes and books (decision 051).
 */
describe('the Solana runtime', () => {
  it('executes a SOL transfer and charges exactly the fee the app computes: 5,000 lamports + the priority fee', async () => {
    const { runtime, sender } = await runtimeWithSender(2n * SOL);
    const recipient = generateKeyPair(solana);
    const execution = runtime.execute(await signed(runtime, sender, recipient.address, SOL / 4n));
    const fee = feeFromReceipt(SOLANA_TRANSFER_COMPUTE_UNITS, price, 'solana_devnet');
    expect(fee).toBe(5_075n);
    expect(execution).toEqual({ outcome: 'executed', fee, computeUnits: 450n });
    expect(runtime.lamportsOf(recipient.address)).toBe(SOL / 4n);
    expect(runtime.lamportsOf(sender.address)).toBe(2n * SOL - SOL / 4n - fee);
  });

  it('moves USDC between associated token accounts, the fee paid in SOL', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL, 100_000_000n);
    const recipient = generateKeyPair(solana);
    await runtime.setBalances(recipient.address, SOL, [{ mint: usdc.address!, units: 0n }]);
    const execution = runtime.execute(await signed(runtime, sender, recipient.address, 25_000_000n, { asset: usdc }));
    expect(execution).toMatchObject({ outcome: 'executed', fee: 5_075n, computeUnits: 458n });
    expect(await runtime.tokenUnitsOf(recipient.address, usdc.address!)).toBe(25_000_000n);
    expect(await runtime.tokenUnitsOf(sender.address, usdc.address!)).toBe(75_000_000n);
    expect(runtime.lamportsOf(sender.address)).toBe(SOL - 5_075n);
  });

  it('refuses a tampered signature, charging and moving nothing', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL);
    const recipient = generateKeyPair(solana);
    const bytes = base64.decode(await signed(runtime, sender, recipient.address, SOL / 10n));
    bytes[1] = bytes[1]! ^ 0xff;
    expect(runtime.execute(base64.encode(bytes))).toEqual({ outcome: 'refused', reason: expect.stringContaining('SignatureFailure') });
    expect(runtime.lamportsOf(sender.address)).toBe(SOL);
    expect(runtime.lamportsOf(recipient.address)).toBe(0n);
  });

  it('refuses a transaction signed with a blockhash that has expired, and the same transaction twice', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL);
    const recipient = generateKeyPair(solana);
    const stale = await signed(runtime, sender, recipient.address, SOL / 10n);
    const once = await signed(runtime, sender, recipient.address, SOL / 10n);
    expect(runtime.execute(once).outcome).toBe('executed');
    expect(runtime.execute(once)).toEqual({ outcome: 'refused', reason: expect.stringContaining('AlreadyProcessed') });
    runtime.expireBlockhash();
    expect(runtime.execute(stale)).toEqual({ outcome: 'refused', reason: 'Refused by the Solana runtime: its blockhash has expired (BlockhashNotFound)' });
    expect(runtime.lamportsOf(recipient.address)).toBe(SOL / 10n);
  });

  it('refuses a fee payer without lamports, and fails, charging the fee, a send of more than the sender has', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL);
    const penniless = generateKeyPair(solana);
    const recipient = generateKeyPair(solana);
    expect(runtime.execute(await signed(runtime, penniless, recipient.address, 1_000_000n))).toMatchObject({ outcome: 'refused' });
    const tooMuch = runtime.execute(await signed(runtime, sender, recipient.address, 2n * SOL));
    expect(tooMuch).toEqual({ outcome: 'failed', fee: 5_075n, reason: expect.stringContaining('too little') });
    expect(runtime.lamportsOf(sender.address)).toBe(SOL - 5_075n);
  });

  it('fails a transfer that would leave a new account below its rent-exempt minimum, charging the fee', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL);
    const recipient = generateKeyPair(solana);
    const execution = runtime.execute(await signed(runtime, sender, recipient.address, 1_000n));
    expect(execution).toEqual({ outcome: 'failed', fee: 5_075n, reason: expect.stringContaining('rent-exempt minimum') });
    expect(runtime.lamportsOf(recipient.address)).toBe(0n);
  });

  it('restores from a snapshot with its accounts, slot and blockhash, and rotates to the same next blockhash', async () => {
    const { runtime, sender } = await runtimeWithSender(SOL);
    const slot = runtime.slot() + 40n;
    runtime.warpToSlot(slot);
    const bytes = runtime.toBytes();
    const restored = runtimeFromBytes(bytes);
    expect(restored.slot()).toBe(slot);
    expect(restored.latestBlockhash()).toBe(runtime.latestBlockhash());
    expect(restored.lamportsOf(sender.address)).toBe(SOL);
    expect(restored.expireBlockhash()).toBe(runtime.expireBlockhash());
  });
});
