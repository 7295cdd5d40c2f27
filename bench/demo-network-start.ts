/**
 * A fresh `npm start` (issue 17): the embedded database in an empty data directory, every setting at its
 * default (chain time = wall clock, the demo network on with its 8 participants and 4 payments a minute, the
 * demo accounts seeded), and what the insights page shows a demo user 60 seconds after launch:
 *
 * - demo_start_first_payment_s: from launch until the insights stats first count a payment;
 * - demo_start_transactions_60s, demo_start_active_users_60s, demo_start_volume_usd_60s,
 *   demo_start_avg_tx_usd_60s: `GET /api/insights/stats?currency=usd` at 60 s;
 * - demo_start_volume_chart_sends_60s: the sends the volume chart (`GET /api/insights/volume`) shows at 60 s;
 * - demo_start_explorer_transfers_60s: the transfers the public explorer's feed shows at 60 s.
 *
 * The web build is not part of it (`npm start` builds it first; the figures are the API's).
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@fincrypt/domain';
import { http, startServerProcess } from '@fincrypt/test-support';
import { onCleanup } from './lib/cleanup.ts';
import { progress, report } from './lib/report.ts';
import { withTempDir } from './lib/server.ts';

export interface DemoStartSettings {
  /** When to read the figures, from launch (60 s: the figure). */
  afterS: number;
}

async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

export async function benchDemoNetworkStart(settings: DemoStartSettings): Promise<void> {
  await withTempDir('fincrypt-bench-demo-', async (dataDir) => {
    const launchedAt = performance.now();
    // As `npm start`: the demo accounts seeded, DEMO_NETWORK unset (its default: on for the embedded database).
    const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_ACCOUNTS: 'true', DEMO_NETWORK: '', LOG_LEVEL: 'warn' });
    const stop = onCleanup(`server ${server.url} (pid ${server.child.pid})`, () => server.stop('SIGTERM'));
    try {
      const secondsSinceLaunch = () => (performance.now() - launchedAt) / 1000;
      progress(`fresh start answered after ${secondsSinceLaunch().toFixed(1)} s; reading insights until ${settings.afterS} s`);
      const cookie = await signInOverHttp(server.url, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
      const stats = async () => {
        const response = await http(server.url, 'GET', '/api/insights/stats?currency=usd', { cookie });
        if (response.status !== 200) throw new Error(`insights stats: ${response.status} ${response.text}`);
        return response.json() as {
          transactions24h: number;
          activeUsers: { value: number };
          volume24h: { value: number };
          averageTransaction: { value: number };
        };
      };
      let firstPaymentS: number | undefined;
      while (secondsSinceLaunch() < settings.afterS) {
        if (firstPaymentS === undefined && (await stats()).transactions24h > 0) firstPaymentS = secondsSinceLaunch();
        await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, Math.max(0, (settings.afterS - secondsSinceLaunch()) * 1000))));
      }
      const atEnd = await stats();
      const volume = await http(server.url, 'GET', '/api/insights/volume?currency=usd', { cookie });
      if (volume.status !== 200) throw new Error(`insights volume: ${volume.status} ${volume.text}`);
      const hourly = (volume.json() as { hourly: { transactions: number }[] }).hourly;
      const feed = await http(server.url, 'GET', '/api/explorer/transactions?limit=50');
      if (feed.status !== 200) throw new Error(`explorer feed: ${feed.status} ${feed.text}`);
      const transfers = (feed.json() as { items: { type: string }[] }).items.filter((item) => item.type === 'transfer').length;
      const note = `fresh npm start (PGlite, defaults), ${settings.afterS} s after launch`;
      report('demo_start_first_payment_s', firstPaymentS ?? Number.NaN, 's', 'from launch until the insights stats count a payment');
      report('demo_start_transactions_60s', atEnd.transactions24h, 'count', note);
      report('demo_start_active_users_60s', atEnd.activeUsers.value, 'count', note);
      report('demo_start_volume_usd_60s', atEnd.volume24h.value, 'usd', note);
      report('demo_start_avg_tx_usd_60s', atEnd.averageTransaction.value, 'usd', note);
      report('demo_start_explorer_transfers_60s', transfers, 'count', 'transfers in the public explorer feed (GET /api/explorer/transactions, the latest 50)');
      report('demo_start_volume_chart_sends_60s', hourly.reduce((sum, hour) => sum + hour.transactions, 0), 'count', 'sends in the 24-hour volume chart');
    } finally {
      await stop();
    }
  });
}
