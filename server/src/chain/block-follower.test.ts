import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type PublicClient, createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeenBlock, followStep, tailAfter, TAIL_BLOCKS } from './block-follower.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';

const sepolia = defineChain({ id: 11155111, name: 'Sepolia (local)', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } });

describe('following a chain through reorganisations', () => {
  let node: LocalNode;
  let client: PublicClient;
  const admin = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mine = (blocks: number) => admin('anvil_mine', [`0x${blocks.toString(16)}`]);

  beforeAll(async () => {
    // No block time: blocks come when a test mines them.
    node = await startLocalNode({ chainId: 11155111, stateFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-follow-')), 'eth_sepolia.json') });
    client = createPublicClient({ chain: sepolia, transport: http(node.url, { retryCount: 0 }) }) as PublicClient;
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  it('reads new blocks with their receipts, and rolls back from where a revert changed the chain, then reads the new branch', async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    await admin('anvil_setBalance', [sender.address, '0xde0b6b3a7640000']);
    await mine(3);

    // From block 1: blocks 1..3, in order, each the child of the one before.
    let tail: SeenBlock[] = [];
    let step = await followStep(client, tail, 1n);
    expect(step.rolledBackFrom).toBeUndefined();
    expect(step.added.map((block) => block.number)).toEqual([1n, 2n, 3n]);
    tail = tailAfter(tail, step);

    // A branch that will be undone: blocks 4 and 5, a transfer in 4.
    const snapshot = await admin('evm_snapshot');
    const wallet = createWalletClient({ account: sender, chain: sepolia, transport: http(node.url, { retryCount: 0 }) });
    const hash = await wallet.sendTransaction({ to: privateKeyToAccount(generatePrivateKey()).address, value: parseEther('0.01') });
    await mine(1);
    step = await followStep(client, tail, 1n);
    expect(step.added.map((block) => block.number)).toEqual([4n, 5n]);
    const [withTransfer] = step.added;
    expect(withTransfer!.receipts).toHaveLength(1);
    expect(withTransfer!.receipts[0]).toMatchObject({ transactionHash: hash, status: 'success', gasUsed: 21_000n });
    expect(withTransfer!.receipts[0]!.effectiveGasPrice).toBeGreaterThan(0n);
    expect(withTransfer!.gasUsed).toBe(21_000n);
    tail = tailAfter(tail, step);

    // Nothing new: an empty step.
    expect(await followStep(client, tail, 1n)).toEqual({ added: [] });

    // The chain goes back to 3 and grows another way: 4' and 5' replace 4 and 5, and 6' follows.
    await admin('evm_revert', [snapshot]);
    await mine(3);
    step = await followStep(client, tail, 1n);
    expect(step.rolledBackFrom).toBe(4n);
    expect(step.added.map((block) => block.number)).toEqual([4n, 5n, 6n]);
    expect(step.added[0]!.hash).not.toBe(withTransfer!.hash);
    expect(step.added[0]!.parentHash).toBe(tail[2]!.hash);
    tail = tailAfter(tail, step);
    expect(tail.map((block) => block.number)).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
  }, 60_000);

  it('rolls back blocks the chain no longer has (a node restarted from an older state), and keeps a bounded tail', async () => {
    const start = await client.getBlockNumber({ cacheTime: 0 });
    const snapshot = await admin('evm_snapshot');
    await mine(5);
    let tail = tailAfter([], await followStep(client, [], start + 1n));
    expect(tail).toHaveLength(5);
    await admin('evm_revert', [snapshot]);
    const step = await followStep(client, tail, start + 1n);
    expect(step).toEqual({ rolledBackFrom: start + 1n, added: [] });
    tail = tailAfter(tail, step);
    expect(tail).toEqual([]);

    await mine(TAIL_BLOCKS + 20);
    let steps = 0;
    for (;;) {
      const next = await followStep(client, tail, start + 1n);
      if (next.added.length === 0) break;
      tail = tailAfter(tail, next);
      steps += 1;
    }
    expect(steps).toBeGreaterThan(1);
    expect(tail).toHaveLength(TAIL_BLOCKS);
    expect(tail.at(-1)!.number).toBe(await client.getBlockNumber({ cacheTime: 0 }));
  }, 60_000);
});
