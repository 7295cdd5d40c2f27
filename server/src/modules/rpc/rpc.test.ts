import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NETWORKS } from '@fincrypt/domain';
import { Contract, type InterfaceAbi, JsonRpcProvider, Wallet, parseEther } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testUsdcArtifact } from '../../chain/contracts/test-usdc.ts';
import { evmChainAt } from '../../chain/evm-chains.ts';
import { LOCAL_TREASURY_COINS, prepareLocalChain, usdcAddressOn } from '../../chain/local-chain-setup.ts';
import { type LocalNode, startLocalNode } from '../../chain/local-node.ts';
import type { Database } from '../../db/database.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { testConfig } from '../../test/test-app.ts';
import { RPC_ALLOWED_METHODS } from './allowed-methods.ts';
import { rpcNetworkList } from './routes.ts';

const CHAIN_ID = NETWORKS.eth_sepolia.chainId;

describe('the public JSON-RPC endpoint, /rpc/{network}', () => {
  let node: LocalNode;
  let database: Database;
  let app: FastifyInstance;
  let endpoint: string;
  const treasury = Wallet.createRandom();
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    node = await startLocalNode({ chainId: CHAIN_ID, stateFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-rpc-')), 'eth_sepolia.json') });
    await prepareLocalChain(node.url, 'eth_sepolia', treasury.address as `0x${string}`);
    database = await createTestDatabase('pglite');
    app = await buildApp({ logger: false, config: testConfig({ rateLimits: { rpcPerIp: 200 } }), database, chains: new Map([['eth_sepolia', evmChainAt('eth_sepolia', node.url, treasury.privateKey.slice(2), true)]]) });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    endpoint = `${address}/rpc/eth_sepolia`;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await node?.stop();
  });

  it("lets a wallet library read the chain and send a signed transaction through the app's port", async () => {
    const provider = new JsonRpcProvider(endpoint, undefined, { staticNetwork: true, batchMaxCount: 1, cacheTimeout: -1 });
    expect((await provider.getNetwork()).chainId).toBe(BigInt(CHAIN_ID));
    expect(await provider.getBalance(treasury.address)).toBe(parseEther(LOCAL_TREASURY_COINS.toString()));

    // The treasury mints test USDC and pays a new wallet, all through the endpoint; ethers reads the results back.
    const signer = treasury.connect(provider);
    const usdc = new Contract(usdcAddressOn('eth_sepolia'), testUsdcArtifact.abi as InterfaceAbi, signer);
    const someone = Wallet.createRandom().address;
    await (await usdc.getFunction('mint')(someone, 2_500_000n)).wait();
    const sent = await signer.sendTransaction({ to: someone, value: parseEther('0.5') });
    const receipt = await sent.wait();
    expect(receipt?.status).toBe(1);
    expect(await provider.getBalance(someone)).toBe(parseEther('0.5'));
    expect(await usdc.getFunction('balanceOf')(someone)).toBe(2_500_000n);
    expect((await provider.getTransaction(sent.hash))?.from).toBe(treasury.address);
    provider.destroy();
  }, 60_000);

  it("refuses the node's admin methods and anything outside the allow-list, with a JSON-RPC error, and changes nothing", async () => {
    const someone = Wallet.createRandom().address;
    for (const method of ['anvil_setBalance', 'evm_mine', 'evm_revert', 'hardhat_setBalance', 'debug_traceTransaction', 'eth_sendTransaction', 'personal_sign', 'eth_sign', 'admin_nodeInfo', 'txpool_content', 'ots_getApiLevel']) {
      expect(RPC_ALLOWED_METHODS.has(method)).toBe(false);
      const response = await post({ jsonrpc: '2.0', id: 7, method, params: [someone, '0xde0b6b3a7640000'] });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: `The method ${method} is not available on this endpoint` } });
    }
    const balance = await (await post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [someone, 'latest'] })).json();
    expect(balance).toEqual({ jsonrpc: '2.0', id: 1, result: '0x0' });
  });

  it('answers a batch call by call, keeping the ids, and refuses a malformed call or an oversized batch', async () => {
    const answers = await (
      await post([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 'b', method: 'anvil_mine' },
        { id: 'c', method: 'eth_blockNumber' },
      ])
    ).json();
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 'a', result: `0x${CHAIN_ID.toString(16)}` },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: 'The method anvil_mine is not available on this endpoint' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('Invalid request') } },
    ]);
    const tooMany = await post(Array.from({ length: 21 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })));
    expect(tooMany.status).toBe(400);
  });

  it('lists the networks with a node (GET /rpc): the chain id a wallet is told is the one the endpoint answers', async () => {
    const listed = await app.inject({ method: 'GET', url: '/rpc', headers: { origin: 'https://wallet.example' } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('*');
    expect(listed.json()).toEqual({
      networks: [{ network: 'eth_sepolia', chainId: CHAIN_ID, name: 'Ethereum Sepolia', symbol: 'ETH', currencyName: 'Sepolia Ether', rpcPath: '/rpc/eth_sepolia' }],
    });
    // What wallet_addEthereumChain checks before it adds a network: the RPC URL answers eth_chainId with that chain id.
    const [network] = listed.json().networks;
    const chainId = await app.inject({ method: 'POST', url: network.rpcPath, payload: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } });
    expect(chainId.json()).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${network.chainId.toString(16)}` });

    // An app without nodes lists none; one with both lists them in the registry's order, never Solana.
    const withoutNodes = await buildApp({ logger: false, config: testConfig(), database });
    try {
      expect((await withoutNodes.inject({ method: 'GET', url: '/rpc' })).json()).toEqual({ networks: [] });
    } finally {
      await withoutNodes.close();
    }
    const both = rpcNetworkList({ solana_devnet: 'http://127.0.0.1:1', polygon_amoy: 'http://127.0.0.1:2', eth_sepolia: node.url });
    expect(both.networks.map(({ network, chainId, symbol }) => [network, chainId, symbol])).toEqual([
      ['eth_sepolia', 11155111, 'ETH'],
      ['polygon_amoy', 80002, 'MATIC'],
    ]);
  });

  it('answers any site (it reads no cookie), and has no endpoint for a network without a node', async () => {
    const foreign = await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, { origin: 'https://wallet.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBe('*');
    for (const network of ['solana_devnet', 'polygon_amoy', 'eth-mainnet']) {
      const response = await fetch(endpoint.replace('eth_sepolia', network), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
    }
  });

  it('limits calls per client address, each call of a batch counting', async () => {
    let status = 200;
    let calls = 0;
    while (status === 200 && calls < 400) {
      const response = await post(Array.from({ length: 10 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })));
      status = response.status;
      calls += 10;
      if (status === 429) {
        expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32005 } });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(status).toBe(429);
    expect(calls).toBeLessThanOrEqual(210);
  });
});
