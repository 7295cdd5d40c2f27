import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, type RateLimitCounts, loadConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/database.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  webDistDir: string;
}

/** A stand-in SPA build so the fallback route can be tested without building the web app. */
function makeFakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>FinCrypt test shell</title><div id="root"></div>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
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
}

export const TEST_ORIGIN = 'http://localhost:3000';

const GENEROUS_LIMITS: RateLimitCounts = {
  signInPerIp: 10_000,
  signInFailuresPerAccount: 10_000,
  signUpPerIp: 10_000,
  twoFactorPerIp: 10_000,
  contactPerIp: 10_000,
};

export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase(kind);
    ctx.webDistDir = makeFakeWebBuild();
    const config: AppConfig = {
      ...loadConfig({ PORT: '3000' }),
      webDistDir: ctx.webDistDir,
      shouldSeedDemoAccounts: options.shouldSeedDemoAccounts ?? false,
      rateLimits: { ...GENEROUS_LIMITS, ...options.rateLimits },
      ...options.config,
    };
    ctx.app = await buildApp({ logger: false, config, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (ctx.webDistDir) fs.rmSync(ctx.webDistDir, { recursive: true, force: true });
  });
  return ctx;
}
