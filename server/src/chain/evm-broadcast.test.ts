import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NETWORKS, getNetwork } from '@fincrypt/domain';
import { type PublicClient, createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastRawTransaction, refusalOf } from './evm-broadcast.ts';
import { generateKeyPair } from './keys.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';
import { signEvmTransaction } from './signing.ts';

const network = getNetwork('eth_sepolia');
const CHAIN_ID = NETWORKS.eth_sepolia.chainId;
const GWEI = 1_000_000_000n;

describe('handing signed transactions to a node', () => {
  let node: LocalNode;
  let client: PublicClient;
  const admin = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const sender = generateKeyPair(network);
  const recipient = generateKeyPair(network).address;
  const sign = (nonce: number, gasPriceWei: bigint, amountUnits = 1_000n) =>
    signEvmTransaction({ network, privateKeyHex: sender.privateKeyHex, from: sender.address, to: recipient, amountUnits, gasPriceWei, nonce }, CHAIN_ID);
  const pendingNonce = () => client.getTransactionCount({ address: sender.address as `0x${string}`, blockTag: 'pending' });

  beforeAll(async () => {
    // Blocks only when a test mines one, so pending transactions stay pending.
    node = await startLocalNode({ chainId: CHAIN_ID, stateFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-send-')), 'eth_sepolia.json') });
    client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) }) as PublicClient;
    await admin('evm_setAutomine', [false]);
    await admin('anvil_setBalance', [sender.address, `0x${(10n ** 18n).toString(16)}`]);
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  it('accepts our EIP-1559 transfers in any nonce order, takes the same bytes twice, and replaces one only for a higher fee', async () => {
    const second = await sign(1, 30n * GWEI);
    const first = await sign(0, 30n * GWEI);
    // Out of order: the node queues nonce 1 until nonce 0 arrives.
    expect(await broadcastRawTransaction(client, second)).toMatchObject({ kind: 'accepted' });
    expect(await broadcastRawTransaction(client, first)).toMatchObject({ kind: 'accepted' });
    expect(await pendingNonce()).toBe(2);
    // A restart's re-broadcast of the same bytes.
    expect(await broadcastRawTransaction(client, first)).toMatchObject({ kind: 'accepted' });

    // A speed-up: the same nonce at a higher fee replaces it; the same fee does not.
    const same = await broadcastRawTransaction(client, await sign(0, 30n * GWEI, 2_000n));
    expect(same).toMatchObject({ kind: 'refused', refusal: 'replacement_underpriced' });
    const faster = await broadcastRawTransaction(client, await sign(0, 60n * GWEI));
    expect(faster).toMatchObject({ kind: 'accepted' });

    await admin('evm_mine');
    const included = await client.getTransactionReceipt({ hash: faster.hash });
    expect(included).toMatchObject({ status: 'success', gasUsed: 21_000n, effectiveGasPrice: 60n * GWEI });
    // The replaced one is gone for good; its nonce is taken.
    await expect(client.getTransactionReceipt({ hash: (await broadcastRawTransaction(client, first)).hash })).rejects.toThrow();
    expect(await broadcastRawTransaction(client, first)).toMatchObject({ kind: 'refused', refusal: 'nonce_too_low' });
  }, 60_000);

  it('refuses what the sender cannot pay, with the node message as its reason', async () => {
    const outcome = await broadcastRawTransaction(client, await sign(await pendingNonce(), 30n * GWEI, 10n ** 21n));
    expect(outcome).toMatchObject({ kind: 'refused', refusal: 'insufficient_funds' });
    expect(outcome.kind === 'refused' && outcome.message).toMatch(/insufficient funds/i);
  }, 60_000);

  it('names refusals from other nodes too', () => {
    expect(refusalOf('replacement transaction underpriced')).toBe('replacement_underpriced');
    expect(refusalOf('nonce too low: next nonce 5, tx nonce 3')).toBe('nonce_too_low');
    expect(refusalOf('insufficient funds for gas * price + value: balance 0')).toBe('insufficient_funds');
    expect(refusalOf('intrinsic gas too low')).toBe('other');
  });
});
