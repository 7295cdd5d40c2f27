import pino from 'pino';
import { buildAdminApp } from './admin-app.ts';
import { buildApp } from './app.ts';
import type { NetworkId } from '@fincrypt/domain';
import { type Chain, type Chains, solanaChainFrom } from './chain/chains.ts';
import { startEvmChains } from './chain/start-evm-chains.ts';
import { startDemoNetwork } from './demo-network/driver.ts';
import { startClockRunner } from './payments/clock-runner.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { terminalLogStream } from './lib/log-output.ts';
import { redactingLoggerOptions } from './lib/log-redaction.ts';
import { createEventBus } from './lib/event-bus.ts';
import { loadSecret } from './lib/secrets.ts';
import { adoptBookOnLocalChain } from './payments/chain-adoption.ts';
import { syncTreasuryNonce } from './payments/chain-grants.ts';
import { prepareSolanaRuntime } from './payments/solana-state.ts';

// A crash, start-up included (a secret or a demo account stored while the database fails), is logged like
// every other line, without the failed statement's values, instead of Node printing the whole error.
const crashLog = pino({ ...redactingLoggerOptions }, terminalLogStream() ?? process.stdout);
process.on('uncaughtException', (error) => {
  crashLog.fatal({ err: error }, 'FinCrypt stopped on an error');
  process.exit(1);
});

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  { postgres: config.postgres },
);
// Ethereum Sepolia and Polygon Amoy on real nodes (CHAIN=local, the default): local Anvils unless a URL names a node;
// Solana Devnet on the Solana runtime, which the chain clock's leader runs.
const treasurySecret =
  config.evmChains.mode === 'local' ? await loadSecret('chain-treasury', { fromEnv: config.evmChains.treasurySecret, database, dataDir: database.dataDir }) : undefined;
const evm =
  treasurySecret === undefined
    ? undefined
    : await startEvmChains({
        nodeUrls: config.evmChains.nodeUrls,
        timeScale: config.chain.timeScale,
        dataDir: config.dataDir,
        treasurySecret,
        log: { info: (fields, message) => crashLog.info(fields, message), warn: (fields, message) => crashLog.warn(fields, message) },
      });
for (const chain of evm?.chains.values() ?? []) {
  // An install that ran on simulated chains: its local node adopts the book the first time they meet.
  const adopted = await adoptBookOnLocalChain(database.db, chain, createEventBus());
  if (adopted.addresses > 0) crashLog.info({ network: chain.network, addresses: adopted.addresses }, 'the local node adopted the simulated chain’s balances');
  await syncTreasuryNonce(database.db, chain);
}
const solana = treasurySecret === undefined ? undefined : solanaChainFrom('solana_devnet', treasurySecret);
if (solana) {
  const adopted = await prepareSolanaRuntime(database.db, solana, createEventBus());
  if (adopted.adopted > 0) crashLog.info({ network: solana.network, addresses: adopted.adopted }, 'the Solana runtime adopted the simulated chain’s balances');
}
const chains: Chains | undefined = evm ? new Map<NetworkId, Chain>([...evm.chains, ...(solana ? [[solana.network, solana] as const] : [])]) : undefined;
const app = await buildApp({
  config,
  database,
  chains,
  isRealtimeShared: database.kind === 'postgres',
  // Readable lines on a terminal, JSON everywhere else.
  logStream: terminalLogStream(),
  chainClockStatus: () => ({ isLeader: clockRunner.isLeader(), ticks: clockRunner.tickCount() }),
});
const clockRunner = startClockRunner({
  database,
  events: app.ledger.events,
  timeScale: config.chain.timeScale,
  tickIntervalMs: config.chain.tickIntervalMs,
  log: app.log,
  chains,
});
// Simulated participants paying each other through the payments engine, driven by the chain clock's leader only.
const demoNetwork = startDemoNetwork({
  db: database.db,
  payments: app.ledger.payments,
  signUp: app.signUpAccount,
  settings: config.demoNetwork,
  timeScale: config.chain.timeScale,
  isLeader: () => clockRunner.isLeader(),
  log: app.log,
});
// Records prices (and seeds simulated history on a fresh install) even while nobody is looking.
const priceRecorder = app.prices.startRecorder(config.prices.recordIntervalMs);

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  await demoNetwork.stop();
  await clockRunner.stop();
  priceRecorder.stop();
  await admin?.close();
  await app.close();
  await evm?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// The operator's listener, on loopback alone and only when ADMIN_PORT asks for it.
const admin = config.adminPort === undefined ? undefined : await buildAdminApp(database.db, app.log, chains);
if (admin) {
  const address = await admin.listen({ port: config.adminPort, host: '127.0.0.1' });
  app.log.info(`ledger check at ${address}/system/ledger (this machine only)`);
}
await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    host: config.host,
    database: database.kind,
    dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
    chainTimeScale: config.chain.timeScale,
    chains: chains
      ? Object.fromEntries([...chains].map(([network, chain]) => [network, chain.family === 'solana' ? 'Solana runtime' : chain.isLocal ? 'local node' : chain.url]))
      : 'simulated',
    demoNetwork: config.demoNetwork.isOn,
  },
  `FinCrypt is running at http://localhost:${config.port}`,
);
