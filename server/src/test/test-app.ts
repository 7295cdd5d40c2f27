import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { type AppConfig, type RateLimitCounts, loadConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/database.ts';
import { syncTreasuryNonce } from '../payments/chain-grants.ts';
import { type TestChain, startTestChain } from './local-chain.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  webDistDir: string;
  /** With `chain`: the local node under that network (the others stay simulated). */
  testChain: TestChain;
}

/** A stand-in SPA build so the fallback route can be tested without building the web app. */
function makeFakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>FinCrypt test shell</title><div id="root"></div>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  // As web/build/precompress.ts writes them beside each file of a real build.
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("app")'));
  return dir;
}

/**
 * Builds an app on a fresh database for the current test file, closed after it. Read `ctx` inside tests
 * (it is filled in by beforeAll).
 */
export interface TestAppOptions {
  /** Tests raise limits they do not exercise, and lower the one they do. */
  rateLimits?: Partial<RateLimitCounts>;
  shouldSeedDemoAccounts?: boolean;
  config?: Partial<AppConfig>;
  /** Extra buildApp options (a failing key generator, a shared event bus…). */
  app?: Omit<BuildAppOptions, 'config' | 'database'>;
  /**
   * A local Anvil under this network for the file (startTestChain: it mines when told, or every `blockTimeSeconds`),
   * its treasury ready; the file's tests drive the leader's index and outbox themselves (chain-steps.ts). The other
   * EVM network stays simulated, as Solana Devnet is under `npm start`. Ethereum Sepolia unless told: tests run on the
   * backend `npm start` runs. 'simulated': no node, for a file about the simulated chains themselves.
   */
  chain?: 'simulated' | { network: 'eth_sepolia' | 'polygon_amoy'; blockTimeSeconds?: number };
}

export const TEST_ORIGIN = 'http://localhost:3000';

const GENEROUS_LIMITS: RateLimitCounts = {
  signInPerIp: 10_000,
  signInFailuresPerAccount: 10_000,
  signInFailuresPerAccountPerHour: 10_000,
  emailChangesPerUser: 10_000,
  signUpPerIp: 10_000,
  quotePerUser: 10_000,
  twoFactorPerIp: 10_000,
  contactPerIp: 10_000,
  sendPerUser: 100_000,
  faucetPerUser: 10_000,
  paymentRequestPerUser: 10_000,
  payPagePerIp: 10_000,
  explorerPerIp: 100_000,
  rpcPerIp: 100_000,
};

/** The configuration useTestApp builds its app with, for tests that build a second app on the same database. */
export function testConfig(options: TestAppOptions = {}, webDistDir = path.join(os.tmpdir(), 'fincrypt-no-web')): AppConfig {
  return {
    ...loadConfig({ PORT: '3000' }),
    webDistDir,
    shouldSeedDemoAccounts: options.shouldSeedDemoAccounts ?? false,
    rateLimits: { ...GENEROUS_LIMITS, ...options.rateLimits },
    ...options.config,
  };
}

export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase(kind);
    ctx.webDistDir = makeFakeWebBuild();
    ctx.config = testConfig(options, ctx.webDistDir);
    let chains = options.app?.chains;
    const chain = options.chain ?? { network: 'eth_sepolia' };
    if (chain !== 'simulated' && !chains) {
      ctx.testChain = await startTestChain(chain.network, { blockTimeSeconds: chain.blockTimeSeconds });
      await syncTreasuryNonce(ctx.database.db, ctx.testChain.chain);
      chains = new Map([[chain.network, ctx.testChain.chain]]);
    }
    ctx.app = await buildApp({ logger: false, ...options.app, chains, config: ctx.config, database: ctx.database });
    await ctx.app.ready();
  }, 60_000);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await ctx.testChain?.stop();
    if (ctx.webDistDir) fs.rmSync(ctx.webDistDir, { recursive: true, force: true });
  });
  return ctx;
}
