import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Address, BaseError, ContractFunctionRevertedError, createPublicClient, createWalletClient, defineChain, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUsdcArtifact } from './contracts/test-usdc.ts';
import { LOCAL_TREASURY_COINS, prepareLocalChain, usdcAddressOn } from './local-chain-setup.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';

const amoy = defineChain({ id: 80002, name: 'Polygon Amoy (local)', nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 }, rpcUrls: { default: { http: [] } } });

describe('a local chain made ready for the app', () => {
  let node: LocalNode;
  const treasury = privateKeyToAccount(generatePrivateKey());
  const user = privateKeyToAccount(generatePrivateKey());
  const outsider = privateKeyToAccount(generatePrivateKey());
  const usdc = usdcAddressOn('polygon_amoy');

  beforeAll(async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-chain-')), 'polygon_amoy.json');
    node = await startLocalNode({ chainId: 80002, blockTimeSeconds: 0.2, stateFile });
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  const publicClient = () => createPublicClient({ chain: amoy, transport: http(node.url, { retryCount: 0 }) });
  const walletOf = (account: typeof treasury) => createWalletClient({ account, chain: amoy, transport: http(node.url, { retryCount: 0 }) });
  const usdcBalanceOf = (owner: Address) =>
    publicClient().readContract({ address: usdc, abi: testUsdcArtifact.abi, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>;
  const includedOk = async (hash: `0x${string}`) => expect((await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');

  it("funds the treasury and places test USDC at Circle's address, minted by the treasury alone; a second run changes nothing", async () => {
    expect(await prepareLocalChain(node.url, 'polygon_amoy', treasury.address)).toEqual({ network: 'polygon_amoy', usdcAddress: usdc, treasury: treasury.address });
    const client = publicClient();
    expect(await client.getBalance({ address: treasury.address })).toBe(parseEther(LOCAL_TREASURY_COINS.toString()));
    const read = (functionName: string) => client.readContract({ address: usdc, abi: testUsdcArtifact.abi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals'), await read('minter')]).toEqual(['USD Coin', 'USDC', 6, treasury.address]);

    // The faucet's mint and the coin it sends are real transactions (EIP-1559), which the node includes.
    const treasuryWallet = walletOf(treasury);
    await includedOk(await treasuryWallet.writeContract({ address: usdc, abi: testUsdcArtifact.abi, functionName: 'mint', args: [user.address, 500_000_000n] }));
    await includedOk(await treasuryWallet.sendTransaction({ to: user.address, value: parseEther('10') }));
    await includedOk(await treasuryWallet.sendTransaction({ to: outsider.address, value: parseEther('1') }));
    expect(await usdcBalanceOf(user.address)).toBe(500_000_000n);

    // An ERC-20 transfer moves the token, its fee paid in the coin.
    await includedOk(await walletOf(user).writeContract({ address: usdc, abi: testUsdcArtifact.abi, functionName: 'transfer', args: [outsider.address, 1_500_000n] }));
    expect([await usdcBalanceOf(user.address), await usdcBalanceOf(outsider.address)]).toEqual([498_500_000n, 1_500_000n]);

    // Anyone else's mint is refused by the contract, with its reason.
    const refused = await client
      .simulateContract({ account: outsider, address: usdc, abi: testUsdcArtifact.abi, functionName: 'mint', args: [outsider.address, 1n] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BaseError);
    const revert = (refused as BaseError).walk((error) => error instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError;
    expect(revert.data?.errorName).toBe('NotMinter');

    // Run again, as every start does: the token's state stays, and the treasury is topped up to its float.
    await prepareLocalChain(node.url, 'polygon_amoy', treasury.address);
    expect(await usdcBalanceOf(user.address)).toBe(498_500_000n);
    expect(await client.getBalance({ address: treasury.address })).toBe(parseEther(LOCAL_TREASURY_COINS.toString()));
  }, 60_000);
});
