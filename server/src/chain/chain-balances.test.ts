import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NETWORKS } from '@fincrypt/domain';
import { type PublicClient, createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differencesFromChain } from './chain-balances.ts';
import { testUsdcArtifact } from './contracts/test-usdc.ts';
import { prepareLocalChain, usdcAddressOn } from './local-chain-setup.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';

const CHAIN_ID = NETWORKS.eth_sepolia.chainId;
const sepolia = defineChain({ id: CHAIN_ID, name: 'Sepolia (local)', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } });

describe('the book against the chain', () => {
  let node: LocalNode;
  let client: PublicClient;
  const treasury = privateKeyToAccount(generatePrivateKey());

  beforeAll(async () => {
    node = await startLocalNode({ chainId: CHAIN_ID, stateFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-book-')), 'eth_sepolia.json') });
    client = createPublicClient({ chain: sepolia, transport: http(node.url, { retryCount: 0 }) }) as PublicClient;
    await prepareLocalChain(node.url, 'eth_sepolia', treasury.address);
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  it('finds no difference where the book holds what the chain holds, and names each one where it does not', async () => {
    const holders = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()).address);
    const wallet = createWalletClient({ account: treasury, chain: sepolia, transport: http(node.url, { retryCount: 0 }) });
    for (const [index, holder] of holders.entries()) {
      await wallet.sendTransaction({ to: holder, value: parseEther('1') + BigInt(index) });
      await wallet.writeContract({ address: usdcAddressOn('eth_sepolia'), abi: testUsdcArtifact.abi, functionName: 'mint', args: [holder, 1_000_000n * BigInt(index + 1)] });
    }
    const book = holders.flatMap((address, index) => [
      { address, asset: 'ETH', units: parseEther('1') + BigInt(index) },
      { address: address.toLowerCase(), asset: 'USDC', units: 1_000_000n * BigInt(index + 1) },
    ]);
    expect(await differencesFromChain(client, 'eth_sepolia', book)).toEqual([]);

    // One wei more in the book, and a USDC balance the chain never saw.
    const wrong = [{ ...book[6]!, units: book[6]!.units + 1n }, { address: treasury.address, asset: 'USDC', units: 5n }];
    expect(await differencesFromChain(client, 'eth_sepolia', [...book, ...wrong])).toEqual([
      { ...wrong[0], network: 'eth_sepolia', chainUnits: book[6]!.units },
      { ...wrong[1], network: 'eth_sepolia', chainUnits: 0n },
    ]);
  }, 60_000);
});
