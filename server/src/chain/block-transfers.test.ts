import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NETWORKS } from '@fincrypt/domain';
import { type PublicClient, createPublicClient, createWalletClient, defineChain, http, parseEther, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followStep } from './block-follower.ts';
import { includedTransactions, transfersIn } from './block-transfers.ts';
import { testUsdcArtifact } from './contracts/test-usdc.ts';
import { prepareLocalChain, usdcAddressOn } from './local-chain-setup.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';

const CHAIN_ID = NETWORKS.polygon_amoy.chainId;
const amoy = defineChain({ id: CHAIN_ID, name: 'Polygon Amoy (local)', nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 }, rpcUrls: { default: { http: [] } } });

describe('what a block moved', () => {
  let node: LocalNode;
  let client: PublicClient;
  const treasury = privateKeyToAccount(generatePrivateKey());
  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey()).address;
  const usdc = usdcAddressOn('polygon_amoy');

  beforeAll(async () => {
    node = await startLocalNode({ chainId: CHAIN_ID, stateFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-moved-')), 'polygon_amoy.json') });
    client = createPublicClient({ chain: amoy, transport: http(node.url, { retryCount: 0 }) }) as PublicClient;
    await prepareLocalChain(node.url, 'polygon_amoy', treasury.address);
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  it("finds the coin each transaction carried and each registry token's Transfer, and the fee each receipt charged; a reverted one moves nothing", async () => {
    const admin = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });
    await admin('evm_setAutomine', [false]);
    const start = await client.getBlockNumber({ cacheTime: 0 });
    const wallet = (account: typeof treasury) => createWalletClient({ account, chain: amoy, transport: http(node.url, { retryCount: 0 }) });
    const gas = { gas: 100_000n, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 2_000_000_000n };

    // One block: coin to alice, USDC minted to alice, a mint by alice (not the minter: reverts), coin to bob.
    const coin = await wallet(treasury).sendTransaction({ to: alice.address, value: parseEther('3'), nonce: 0, ...gas });
    const mint = await wallet(treasury).writeContract({ address: usdc, abi: testUsdcArtifact.abi, functionName: 'mint', args: [alice.address, 7_000_000n], nonce: 1, ...gas });
    const toBob = await wallet(treasury).sendTransaction({ to: bob, value: 5n, nonce: 2, ...gas });
    await admin('anvil_setBalance', [alice.address, '0xde0b6b3a7640000']);
    const refused = await wallet(alice).writeContract({ address: usdc, abi: testUsdcArtifact.abi, functionName: 'mint', args: [alice.address, 1n], nonce: 0, ...gas });
    await admin('evm_mine');

    const { added } = await followStep(client, [], start + 1n);
    expect(added).toHaveLength(1);
    const [block] = added;
    expect(transfersIn(block!, 'polygon_amoy', 'MATIC')).toEqual([
      { hash: coin, asset: 'MATIC', from: treasury.address, to: alice.address, amountUnits: parseEther('3'), logIndex: null },
      { hash: toBob, asset: 'MATIC', from: treasury.address, to: bob, amountUnits: 5n, logIndex: null },
      { hash: mint, asset: 'USDC', from: zeroAddress, to: alice.address, amountUnits: 7_000_000n, logIndex: 0 },
    ]);

    const included = includedTransactions(block!);
    expect(included.map(({ hash, status }) => [hash, status])).toEqual(
      expect.arrayContaining([
        [coin, 'success'],
        [mint, 'success'],
        [toBob, 'success'],
        [refused, 'reverted'],
      ]),
    );
    for (const { hash, feeUnits } of included) {
      const receipt = await client.getTransactionReceipt({ hash });
      expect(feeUnits).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
      expect(feeUnits).toBeGreaterThan(0n);
    }
    // EIP-1559: the price paid is the base fee plus the tip, below the cap.
    const coinReceipt = await client.getTransactionReceipt({ hash: coin });
    expect(coinReceipt.effectiveGasPrice).toBe(block!.baseFeePerGas! + 2_000_000_000n);
  }, 60_000);
});
