/**
 * Sends through a real local chain (issue 49, item 11): a server with CHAIN=local (its own Anvil per EVM network, on
 * PGlite), eight users sending MATIC on Polygon Amoy in a closed loop, each send stored and handed to the node.
 *
 * - chain_send_rps_8: sends answered 201 per second at 8 connections;
 * - chain_indexed_p50_ms / chain_indexed_p99_ms: from a block first answering on the node (eth_blockNumber through
 *   the app's /rpc, polled every 10 ms) to that block in the app's index (the explorer's block list, polled every
 *   10 ms), over the blocks mined during the load: how long the chain's truth takes to reach the book;
 * - chain_node_rss_mb: the Amoy node's resident memory after the load, with how many transactions its chain holds;
 * - chain_node_rss_100k_mb: the same once its chain holds 100,000 transactions more, sent straight to the node by
 *   accounts it impersonates (at the app's 60-90 sends/s that many would take half an hour): what a node that has run
 *   for a while costs. The node is on loopback; the bench is the one client allowed its admin methods.
 */
import fs from 'node:fs';
import { signUpUsers } from '@fincrypt/test-support';
import { runLoad } from './lib/http-load.ts';
import { progress, report } from './lib/report.ts';
import { sendRequest } from './lib/send-request.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';
import { summarize } from './lib/stats.ts';

const NETWORK = 'polygon_amoy';
/** An address outside the app on Amoy: a send there debits the sender only. */
const OUTSIDE = '0x000000000000000000000000000000000000dEaD';
const POLL_MS = 10;

export interface ChainBenchOptions {
  durationS: number;
  /** Transactions sent straight to the node after the load, before its memory is read again. */
  fillTransactions: number;
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

/** The server's Amoy node, found by its state file under the data directory: its process id and port. */
function findNode(dataDir: string): { pid: string; url: string } | undefined {
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const commandLine = fs.existsSync(`/proc/${pid}/cmdline`) ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') : [];
    if (!commandLine.some((part) => part.includes('anvil')) || !commandLine.includes(`${dataDir}/chain/${NETWORK}.json`)) continue;
    return { pid, url: `http://127.0.0.1:${listeningPort(pid)}` };
  }
  return undefined;
}

/** The TCP port a process listens on (the node picks a free one): its sockets' inodes, looked up in /proc/net/tcp. */
function listeningPort(pid: string): number {
  const inodes = new Set(
    fs.readdirSync(`/proc/${pid}/fd`).flatMap((fd) => /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? []),
  );
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
    // State 0A is LISTEN; the local address is hex ip:port.
    if (state === '0A' && inode !== undefined && inodes.has(inode)) return Number.parseInt(local!.split(':')[1]!, 16);
  }
  throw new Error(`process ${pid} listens on no TCP port`);
}

function rssMb(pid: string): number | undefined {
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return rss ? Number(rss[1]) / 1024 : undefined;
}

async function nodeCall<T>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[];
  return answers.sort((a, b) => a.id - b.id).map((answer) => {
    if (answer.error) throw new Error(answer.error.message);
    return answer.result as T;
  });
}

const FILL_SENDERS = 4;
/** Transactions per round: a block's worth (30,000,000 gas ÷ 21,000 is 1,428 transfers). */
const FILL_ROUND = 1_400;

/**
 * Adds `count` plain transfers to the node's chain from FILL_SENDERS accounts it impersonates. The node's timer is
 * stopped first and each round of FILL_ROUND is mined by hand once in the pool: Anvil strands a transaction in its
 * queue when it arrives while the timer mines its sender's previous one (seen here, 3 of 4 senders stuck within
 * 20,000), so a filled node keeps no timer; the bench ends after reading its memory.
 */
async function fillNode(url: string, count: number): Promise<void> {
  const senders = Array.from({ length: FILL_SENDERS }, (_, index) => `0x${'f1'.repeat(19)}${(index + 16).toString(16)}`);
  await nodeCall(url, [
    { method: 'evm_setIntervalMining', params: [0] },
    ...senders.flatMap((sender) => [
      { method: 'anvil_impersonateAccount', params: [sender] },
      // Enough for any base fee: a run of full blocks raises it 12.5% a block (EIP-1559).
      { method: 'anvil_setBalance', params: [sender, `0x${(10n ** 30n).toString(16)}`] },
    ]),
  ]);
  for (let sent = 0; sent < count; sent += FILL_ROUND) {
    const size = Math.min(FILL_ROUND, count - sent);
    await nodeCall(url, Array.from({ length: size }, (_, offset) => {
      const index = sent + offset;
      return {
        method: 'eth_sendTransaction',
        params: [{ from: senders[index % FILL_SENDERS], to: OUTSIDE, value: '0x1', gas: '0x5208', maxFeePerGas: `0x${(10n ** 15n).toString(16)}`, maxPriorityFeePerGas: '0x1', nonce: `0x${Math.floor(index / FILL_SENDERS).toString(16)}` }],
      };
    }));
    for (;;) {
      await nodeCall(url, [{ method: 'anvil_mine', params: ['0x1'] }]);
      const [status] = await nodeCall<{ pending: string; queued: string }>(url, [{ method: 'txpool_status', params: [] }]);
      if (Number(status!.pending) + Number(status!.queued) === 0) break;
    }
    if ((sent + size) % 20_000 < FILL_ROUND) progress(`chain: ${sent + size} transactions sent straight to the node`);
  }
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
        connection: (index) => sendRequest(users[index]!, OUTSIDE),
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
      progress(`chain: ${load.ok} sends, ${onNode.size} blocks seen on the node, ${indexed.size} in the index`);
      const node = findNode(dataDir);
      if (!node) throw new Error(`no Amoy node found under ${dataDir}`);
      const rss = rssMb(node.pid);
      if (rss !== undefined) report('chain_node_rss_mb', rss, 'MB', `Amoy's Anvil after about ${transactionsOnChain} transactions`);
      const started = performance.now();
      await fillNode(node.url, options.fillTransactions);
      progress(`chain: ${options.fillTransactions} more transactions on the node in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      const filledRss = rssMb(node.pid);
      if (filledRss !== undefined) report('chain_node_rss_100k_mb', filledRss, 'MB', `Amoy's Anvil after ${options.fillTransactions} more transactions (about ${transactionsOnChain + options.fillTransactions} in all)`);
    } finally {
      await server.close();
    }
  });
}
