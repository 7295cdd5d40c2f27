/**
 * `npm run ledger:check` — verifies the ledger and prints one line; exits 1 on any breach, 2 when it
 * could not check at all.
 *   LEDGER_CHECK_URL=http://127.0.0.1:3001   through a running server's admin listener (ADMIN_PORT=3001)
 *   DATABASE_URL=postgres://…                 straight on PostgreSQL (with or without servers running)
 *   DATA_DIR=./data (the default)             a PGlite data directory; the server must be stopped
 * With CHAIN=local (the default) it also compares every wallet's balances with the chain's once nothing is pending:
 * the running server's nodes through LEDGER_CHECK_URL; from a PGlite directory, its local nodes started again from
 * their state files (and SEPOLIA_RPC_URL / AMOY_RPC_URL); on PostgreSQL, whose servers may be running with their
 * nodes, only the nodes those URLs name.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NetworkId } from '@fincrypt/domain';
import { evmChainAt } from '../chain/evm-chains.ts';
import { type Chain, type Chains, NO_CHAINS, solanaChainFrom } from '../chain/chains.ts';
import { startEvmChains } from '../chain/start-evm-chains.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { withoutQueryParameters } from '../lib/log-redaction.ts';
import { loadSecret } from '../lib/secrets.ts';
import { summarizeLedger, type LedgerReport } from '../payments/ledger-check.ts';
import { checkLedgerAndChains } from '../payments/ledger-vs-chain.ts';

async function reportThroughServer(baseUrl: string): Promise<LedgerReport> {
  const response = await fetch(new URL('/system/ledger', baseUrl), { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${baseUrl} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as LedgerReport;
}

/** The nodes SEPOLIA_RPC_URL / AMOY_RPC_URL name: read only, so any treasury key will do. */
function remoteChains(urls: Partial<Record<NetworkId, string>>): Chains {
  return new Map(Object.entries(urls).map(([network, url]) => [network as NetworkId, evmChainAt(network as NetworkId, url, '11'.repeat(32), false)]));
}

async function reportFromDatabase(): Promise<LedgerReport> {
  // npm runs workspace scripts in the workspace folder; a relative DATA_DIR means the caller's folder.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new Error(`no PGlite data directory at ${config.dataDir} (set DATA_DIR, DATABASE_URL or LEDGER_CHECK_URL)`);
  }
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    // The operator waits for the answer: no statement or query timeout on a large ledger (the connection stays bounded).
    { shouldMigrate: false, postgres: { ...config.postgres, statementTimeoutMs: 0, queryTimeoutMs: 0 } },
  );
  const isLocalStopped = config.evmChains.mode === 'local' && !config.databaseUrl;
  const remoteOnly = config.evmChains.mode === 'local' && config.databaseUrl !== undefined;
  const evm = isLocalStopped
    ? await startEvmChains({
        nodeUrls: config.evmChains.nodeUrls,
        timeScale: 1,
        dataDir: config.dataDir,
        treasurySecret: await loadSecret('chain-treasury', { fromEnv: config.evmChains.treasurySecret, database, dataDir: database.dataDir }),
        log: { info: () => {}, warn: () => {} },
      })
    : undefined;
  const evmChains: Chains = evm?.chains ?? (remoteOnly ? remoteChains(config.evmChains.nodeUrls) : NO_CHAINS);
  // Solana Devnet's runtime is restored from the database itself: no treasury key is used to compare.
  const chains: Chains =
    config.evmChains.mode === 'local' ? new Map<NetworkId, Chain>([...evmChains, ['solana_devnet', solanaChainFrom('solana_devnet', 'read only')]]) : evmChains;
  try {
    return await checkLedgerAndChains(database.db, chains);
  } finally {
    await evm?.stop();
    await database.close();
  }
}

try {
  const url = process.env.LEDGER_CHECK_URL;
  const report = url ? await reportThroughServer(url) : await reportFromDatabase();
  process.stdout.write(`${summarizeLedger(report)}\n`);
  process.exitCode = report.isBalanced ? 0 : 1;
} catch (error) {
  // drizzle wraps the database's own words (e.g. 'relation "wallets" does not exist') in `cause`.
  const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  console.error(`ledger check could not run: ${withoutQueryParameters(reason)}`);
  process.exitCode = 2;
}
