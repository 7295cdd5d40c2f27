import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsAheadOfHistory, type LocalNode, STATE_INTERVAL_SECONDS, startLocalNode } from './local-node.ts';

const started: LocalNode[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((node) => node.stop()));
});

async function nodeWith(stateFile: string, onRestart?: () => void): Promise<LocalNode> {
  const node = await startLocalNode({ chainId: 80002, blockTimeSeconds: 0.2, stateFile, ...(onRestart ? { onRestart } : {}) });
  started.push(node);
  return node;
}

const blockNumberAt = (url: string) => createPublicClient({ transport: http(url, { retryCount: 0 }) }).getBlockNumber({ cacheTime: 0 });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await read();
      if (done(value)) return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a local EVM node', () => {
  it('runs Anvil on loopback with the chain id, mines on its block time, and comes back on the same port after kill -9 with its state', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-node-')), 'polygon_amoy.json');
    let restarts = 0;
    const node = await nodeWith(stateFile, () => {
      restarts += 1;
    });
    expect(node.url).toBe(`http://127.0.0.1:${node.port}`);
    const client = createPublicClient({ transport: http(node.url, { retryCount: 0 }) });
    expect(await client.getChainId()).toBe(80002);
    // Blocks follow the block time without any transaction.
    const mined = await until(() => blockNumberAt(node.url), (number) => number >= 5n);

    // State reaches the file within the interval, so a kill -9 then loses nothing of it.
    const marked = privateKeyToAccount(generatePrivateKey()).address;
    await client.request({ method: 'anvil_setBalance' as never, params: [marked, '0x7b'] as never });
    await new Promise((resolve) => setTimeout(resolve, (STATE_INTERVAL_SECONDS + 0.5) * 1000));
    const killed = node.pid();
    process.kill(killed!, 'SIGKILL');
    await until(async () => node.pid(), (pid) => pid !== killed);
    expect(await until(() => client.getBalance({ address: marked }), () => true)).toBe(123n);
    expect(await blockNumberAt(node.url)).toBeGreaterThanOrEqual(mined);
    expect(await until(async () => restarts, (count) => count > 0)).toBe(1);
  }, 60_000);

  it('listens on 127.0.0.1 only', async () => {
    const node = await nodeWith(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-node-')), 'eth_sepolia.json'));
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (outside === undefined) {
      // A machine without another interface cannot be reached from elsewhere at all.
      expect(Object.values(os.networkInterfaces()).flat().every((address) => address?.internal)).toBe(true);
      return;
    }
    await expect(fetch(`http://${outside}:${node.port}`, { method: 'POST', signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  }, 60_000);

  it('stops a node that a killed server left running on the same state file before starting another', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-node-')), 'polygon_amoy.json');
    // Started and never stopped by its owner, as when the server that started it is killed with SIGKILL.
    const orphan = await startLocalNode({ chainId: 80002, blockTimeSeconds: 0.2, stateFile });
    const orphanPid = orphan.pid()!;
    const successor = await nodeWith(stateFile);
    expect(fs.existsSync(`/proc/${orphanPid}`) && !fs.readFileSync(`/proc/${orphanPid}/stat`, 'utf8').includes(') Z')).toBe(false);
    expect(successor.pid()).not.toBe(orphanPid);
    expect(await until(() => blockNumberAt(successor.url), (number) => number > 0n)).toBeGreaterThan(0n);
    await orphan.stop();
  }, 60_000);

  it('starts from the state of its last good start when a kill tore the state file, and sets the torn one aside', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-node-')), 'polygon_amoy.json');
    const first = await nodeWith(stateFile);
    const reached = await until(() => blockNumberAt(first.url), (number) => number >= 5n);
    await first.stop();
    // This start keeps the file it loads as the good copy.
    const second = await nodeWith(stateFile);
    expect(await blockNumberAt(second.url)).toBeGreaterThanOrEqual(reached);
    await second.stop();
    // A write cut short by kill -9: Anvil would refuse to start on it.
    const torn = fs.readFileSync(stateFile, 'utf8').slice(0, 100);
    fs.writeFileSync(stateFile, torn);
    const third = await nodeWith(stateFile);
    expect(await blockNumberAt(third.url)).toBeGreaterThanOrEqual(reached);
    expect(fs.readFileSync(`${stateFile}.torn`, 'utf8')).toBe(torn);
  }, 60_000);

  it('starts from the state of its last good start when the file holds an account ahead of its transactions', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-node-')), 'polygon_amoy.json');
    const first = await nodeWith(stateFile);
    await until(() => blockNumberAt(first.url), (number) => number >= 3n);
    await first.stop();
    const second = await nodeWith(stateFile);
    await second.stop();
    // As Anvil once wrote it under kill -9: a sender's nonce and money moved, and no transaction of its in the file.
    const ahead = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { accounts: Record<string, unknown> };
    state.accounts[ahead] = { nonce: '4', balance: '0x64', code: '0x', storage: {} };
    fs.writeFileSync(stateFile, JSON.stringify(state));
    const third = await nodeWith(stateFile);
    const client = createPublicClient({ transport: http(third.url, { retryCount: 0 }) });
    expect(await client.getTransactionCount({ address: ahead as `0x${string}` })).toBe(0);
    expect(fs.existsSync(`${stateFile}.torn`)).toBe(true);
  }, 60_000);
});

describe('accountsAheadOfHistory', () => {
  const transaction = (from: string, nonce: number) => ({ info: { from, nonce } });
  it('names a sender whose nonce is past its last kept transaction, and no one else', () => {
    const state = {
      accounts: {
        '0xaa': { nonce: '2', code: '0x' },
        '0xbb': { nonce: '34', code: '0x' },
        '0xcc': { nonce: '0', code: '0x' },
        // A contract: its nonce counts what it created, not transactions it sent.
        '0xdd': { nonce: '1', code: '0x6080' },
        '0xee': { nonce: '1', code: '0x' },
      },
      transactions: [transaction('0xAA', 0), transaction('0xaa', 1), ...[27, 28, 29].map((nonce) => transaction('0xbb', nonce))],
    };
    expect(accountsAheadOfHistory(state)).toEqual(['0xbb', '0xee']);
  });
});
