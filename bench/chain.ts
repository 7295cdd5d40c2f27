/**
 * Sends through a real local chain (issue 49, item 11): a server with CHAIN=local (its own Anvil per EVM network, on
 * PGlite), eight users sending MATIC on Polygon Amoy in a closed loop, each send stored and handed to the node.
 *
 * - chain_send_rps_8: sends answered 201 per second at 8 connections;
 * - chain_indexed_p50_ms / chain_indexed_p99_ms: from a block first answering on the node (eth_blockNumber through
 *   the app's /rpc, polled every 10 ms) to that block in the app's index (the explorer's block list, polled every
 *   10 ms), over the blocks mined during the load: how long the chain's truth takes to reach the book;
 * - chain_node_rss_mb: the Amoy node's resident memory at the end, with how many transactions its chain holds.
 */
import fs from 'node:fs';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { signUpUsers } from '@fincrypt/test-support';
import { randomUUID } from 'node:crypto';
import { runLoad } from './lib/http-load.ts';
import { progress, report } from './lib/report.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';
import { summarize } from './lib/stats.ts';

const NETWORK = 'polygon_amoy';
/** An address outside the app on Amoy: a send there debits the sender only. */
const OUTSIDE = '0x000000000000000000000000000000000000dEaD';
const POLL_MS = 10;

export interface ChainBenchOptions {
  durationS: number;
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(`${url}/rpc/${NETWORK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** The newest block number the app's index holds for the network. */
async function newestIndexed(url: string): Promise<number | undefined> {
  const response = await fetch(`${url}/api/explorer/blocks?network=${NETWORK}&limit=1`);
  const body = (await response.json()) as { blocks: { number: number }[] };
  return body.blocks[0]?.number;
}

/** Polls `read` every POLL_MS until `stop`, noting when each block number first appeared. */
function watchBlocks(read: () => Promise<number | undefined>, seen: Map<number, number>, isOver: () => boolean): Promise<void> {
  return (async () => {
    while (!isOver()) {
      const number = await read().catch(() => undefined);
      const now = performance.now();
      // Every number up to the newest is there now, those skipped between two polls too.
      if (number !== undefined) for (let next = Math.max(0, ...seen.keys()) + 1; next <= number; next++) seen.set(next, now);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
}

/** The resident memory of the server's Amoy node, found by its state file under the data directory. */
function nodeRssMb(dataDir: string): number | undefined {
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const commandLine = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
    if (!commandLine.includes('anvil') || !commandLine.includes(`${dataDir}/chain/${NETWORK}.json`)) continue;
    const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return rss ? Number(rss[1]) / 1024 : undefined;
  }
  return undefined;
}

export async function benchChain(options: ChainBenchOptions): Promise<void> {
  await withTempDir('fincrypt-bench-chain-', async (dataDir) => {
    // Blocks every 0.2 s on Amoy (2 s ÷ 10); the indexer ticks every 30 ms.
    const server = await startBenchServer({ DATABASE_URL: '', DATA_DIR: dataDir, CHAIN: 'local', CHAIN_TIME_SCALE: '10', RATE_LIMIT_RPC_PER_IP: '100000000' });
    try {
      const users = await signUpUsers(server.url, 8, { prefix: 'chain', network: NETWORK });
      // Their grants are spendable once a block includes them.
      for (let attempt = 0; attempt < 300; attempt++) {
        const wallets = await Promise.all(
          users.map(async (user) => ((await (await fetch(`${server.url}/api/wallets`, { headers: { cookie: user.cookie } })).json()) as { wallets: { id: string; balanceUnits: string }[] }).wallets),
        );
        if (wallets.every((list, index) => BigInt(list.find((wallet) => wallet.id === users[index]!.walletId)?.balanceUnits ?? '0') > 0n)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const onNode = new Map<number, number>();
      const indexed = new Map<number, number>();
      let isOver = false;
      const watchers = [watchBlocks(async () => Number(await rpc<string>(server.url, 'eth_blockNumber')), onNode, () => isOver), watchBlocks(() => newestIndexed(server.url), indexed, () => isOver)];
      const load = await runLoad({
        url: server.url,
        connections: 8,
        durationS: options.durationS,
        connection: (index) => () => ({
          method: 'POST',
          path: '/api/transactions',
          headers: { cookie: users[index]!.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          body: JSON.stringify({ walletId: users[index]!.walletId, to: OUTSIDE, amount: '0.000001', speed: 'fast' }),
        }),
      });
      // The last blocks of the load reach the index a moment later.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      isOver = true;
      await Promise.all(watchers);
      report('chain_send_rps_8', load.okPerSecond, 'sends/s', `8 connections, ${load.ok} sends on ${NETWORK} through a local Anvil (PGlite), ${load.non2xx} not 2xx`);
      const delays = [...onNode].flatMap(([number, at]) => (indexed.has(number) ? [indexed.get(number)! - at] : []));
      const summary = summarize(delays);
      report('chain_indexed_p50_ms', summary.p50, 'ms', `block on the node → in the app's index, ${summary.count} blocks`);
      report('chain_indexed_p99_ms', summary.p99, 'ms', `block on the node → in the app's index, ${summary.count} blocks`);
      const transactionsOnChain = Number(await rpc<string>(server.url, 'eth_getTransactionCount', [users[0]!.address, 'latest'])) * users.length;
      const rss = nodeRssMb(dataDir);
      if (rss !== undefined) report('chain_node_rss_mb', rss, 'MB', `Amoy's Anvil after about ${transactionsOnChain} transactions`);
      progress(`chain: ${load.ok} sends, ${onNode.size} blocks seen on the node, ${indexed.size} in the index`);
    } finally {
      await server.close();
    }
  });
}
