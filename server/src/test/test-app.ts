import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
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
export function useTestApp(kind: DatabaseKind, overrides: Partial<BuildAppOptions> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await createTestDatabase(kind);
    ctx.webDistDir = makeFakeWebBuild();
    const config = { ...loadConfig({}), webDistDir: ctx.webDistDir, ...overrides.config };
    ctx.app = await buildApp({ logger: false, ...overrides, config, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (ctx.webDistDir) fs.rmSync(ctx.webDistDir, { recursive: true, force: true });
  });
  return ctx;
}
