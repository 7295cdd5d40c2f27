import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { signUp } from '../test/auth-client.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, describeEachDatabase } from '../test/test-database.ts';

describeEachDatabase("the benchmark's metrics endpoint", (kind) => {
  let database: Database;
  let plainApp: FastifyInstance;
  let benchApp: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    plainApp = await buildApp({ logger: false, config: testConfig(), database });
    benchApp = await buildApp({ logger: false, config: testConfig({ config: { hasBenchMetrics: true } }), database });
  });
  afterAll(async () => {
    await plainApp?.close();
    await benchApp?.close();
    await database?.close();
  });

  it('is on only when BENCH_METRICS is exactly 1', () => {
    expect(loadConfig({}).hasBenchMetrics).toBe(false);
    expect(loadConfig({ BENCH_METRICS: '0' }).hasBenchMetrics).toBe(false);
    expect(loadConfig({ BENCH_METRICS: 'true' }).hasBenchMetrics).toBe(false);
    expect(loadConfig({ BENCH_METRICS: '1' }).hasBenchMetrics).toBe(true);
  });

  it('does not exist on a server started without it', async () => {
    const response = await plainApp.inject({ method: 'GET', url: '/api/_bench/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it("answers the process's CPU time and the statements sent, which grow as the server works", async () => {
    const before = (await benchApp.inject({ method: 'GET', url: '/api/_bench/metrics' })).json();
    expect(before).toMatchObject({ cpuUserUs: expect.any(Number), cpuSystemUs: expect.any(Number), statements: expect.any(Number), isScoping: false });
    await signUp(benchApp);
    const after = (await benchApp.inject({ method: 'GET', url: '/api/_bench/metrics' })).json();
    expect(after.statements).toBeGreaterThan(before.statements);
    expect(after.cpuUserUs + after.cpuSystemUs).toBeGreaterThan(before.cpuUserUs + before.cpuSystemUs);
  });
});
