/**
 * Sends through the Solana runtime (issue 50, item 5): a server with CHAIN=local (Solana Devnet on LiteSVM in the
 * chain clock's leader, on PGlite), eight users sending SOL to one address outside the app in a closed loop.
 *
 * - solana_send_rps_8: sends answered 201 per second at 8 connections (signed with the published blockhash, stored);
 * - solana_executed_per_s: of those, how many the leader's runtime executed and booked per second, from the load's
 *   start until none is pending (the runtime's pace under the book, not LiteSVM's alone);
 * - solana_drain_ms: how long after the load the last of them waited to be executed.
 */
import { externalAddress, signUpUsers } from '@fincrypt/test-support';
import { runLoad } from './lib/http-load.ts';
import { progress, report } from './lib/report.ts';
import { sendRequest } from './lib/send-request.ts';
import { startBenchServer, withTempDir } from './lib/server.ts';

const NETWORK = 'solana_devnet';

export interface SolanaBenchOptions {
  durationS: number;
}

/** How many of `users`' transactions are still pending, on every network. */
async function pendingOf(url: string, users: readonly { cookie: string }[]): Promise<number> {
  const counts = await Promise.all(
    users.map(async (user) => ((await (await fetch(`${url}/api/transactions/counts`, { headers: { cookie: user.cookie } })).json()) as { pending: number }).pending),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function benchSolana(options: SolanaBenchOptions): Promise<void> {
  await withTempDir('fincrypt-bench-solana-', async (dataDir) => {
    // Slots every 40 ms (400 ms ÷ 10), the leader ticking every 30 ms; the EVM grants' blocks come ten times sooner too.
    const server = await startBenchServer({ DATABASE_URL: '', DATA_DIR: dataDir, CHAIN: 'local', CHAIN_TIME_SCALE: '10' });
    try {
      const users = await signUpUsers(server.url, 8, { prefix: 'solana', network: NETWORK });
      // Their grants are spendable once executed (and the EVM ones once in a block).
      while ((await pendingOf(server.url, users)) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const outside = externalAddress(NETWORK);
      const started = performance.now();
      const load = await runLoad({
        url: server.url,
        connections: 8,
        durationS: options.durationS,
        // Above the rent-exempt minimum of a new account: the first send creates it, the rest add to it.
        connection: (index) => sendRequest(users[index]!, outside, '0.001'),
      });
      const loadEnded = performance.now();
      while ((await pendingOf(server.url, users)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const drained = performance.now();
      report('solana_send_rps_8', load.okPerSecond, 'sends/s', `8 connections, ${load.ok} SOL sends through the Solana runtime (PGlite), ${load.non2xx} not 2xx`);
      report('solana_executed_per_s', (load.ok / (drained - started)) * 1000, 'transactions/s', `${load.ok} sends executed and booked by the leader's runtime, load start → none pending`);
      report('solana_drain_ms', drained - loadEnded, 'ms', 'load end → the last send executed');
      progress(`solana: ${load.ok} sends, drained ${((drained - loadEnded) / 1000).toFixed(1)} s after the load`);
    } finally {
      await server.close();
    }
  });
}
