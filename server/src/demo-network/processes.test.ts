import { http, type ServerProcess, startServerProcess } from '@fincrypt/test-support';
import { and, count, eq, inArray, min } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { simulatedParticipants, transactions } from '../db/schema.ts';
import { expectLedgerBalanced } from '../test/ledger-client.ts';
import { type StandInTestnets, startStandInTestnets } from '../test/local-chain.ts';
import { createEmptyPostgresDatabase, describeOnPostgres } from '../test/test-database.ts';
import { maxPaymentsBy } from './plan.ts';

const SCALE = 60;
const RATE = 12;
const DRIVES = 'demo network: this process drives the simulated participants';

async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two real server processes on one PostgreSQL, both with the demo network on: only the chain clock's leader drives it.
 * They share the EVM networks' nodes, named by URL as several processes must be (docs/operations.md).
 */
describeOnPostgres('the demo network with two processes on one PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let database: Database;
  let testnets: StandInTestnets;
  const servers: ServerProcess[] = [];
  const start = async () => {
    const server = await startServerProcess({
      DATABASE_URL: target.url,
      ...testnets.env,
      CHAIN_TIME_SCALE: String(SCALE),
      DEMO_NETWORK: 'on',
      DEMO_NETWORK_PAYMENTS_PER_MINUTE: String(RATE),
      DEMO_NETWORK_PARTICIPANTS: '3',
      // At 12 payments a chain minute and 60× chain time, three participants reach the per-user send limit (30 a wall
      // minute each) within seconds; then the survivor's payments would wait for the limit's window, not for leadership.
      RATE_LIMIT_SEND_PER_USER: '100000',
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    testnets = await startStandInTestnets();
    target = await createEmptyPostgresDatabase();
    // The first one migrates; then the second starts beside it.
    await start();
    await start();
    database = await openDatabase({ kind: 'postgres', url: target.url }, { shouldMigrate: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database?.close();
    await target?.drop();
    await testnets?.stop();
  }, 60_000);

  const participantSends = async () => {
    const [row] = await database.db
      .select({ count: count() })
      .from(transactions)
      .where(and(eq(transactions.type, 'send'), inArray(transactions.userId, database.db.select({ id: simulatedParticipants.userId }).from(simulatedParticipants))));
    return { count: row?.count ?? 0 };
  };

  it('is driven by exactly one of them, within one rate, and by the other once the leader is gone', async () => {
    await waitUntil(async () => (await participantSends()).count >= 10, 60_000, 'ten demo payments');
    const drivers = servers.filter((server) => server.output().includes(DRIVES));
    expect(drivers).toHaveLength(1);
    const clocks = await Promise.all(servers.map(async (server) => (await http(server.url, 'GET', '/api/health')).json().chainClock.role));
    const leader = servers[clocks.indexOf('leader')]!;
    expect(drivers[0]).toBe(leader);

    // Over a few seconds more, one schedule's worth of payments: two drivers would make twice as many.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const { count: made } = await participantSends();
    // The schedule starts once the participants are set up: counting from their creation is on the generous side.
    const [created] = await database.db.select({ at: min(simulatedParticipants.createdAt) }).from(simulatedParticipants);
    expect(made).toBeLessThanOrEqual(maxPaymentsBy(created!.at!.getTime(), Date.now(), RATE, SCALE));
    const [participants] = await database.db.select({ count: count() }).from(simulatedParticipants);
    expect(participants?.count).toBe(3);
    await expectLedgerBalanced(database.db);

    // The leader dies; the other process takes the chain clock and the demo network with it.
    await leader.stop('SIGKILL');
    const survivor = servers.find((server) => server !== leader)!;
    await waitUntil(() => survivor.output().includes(DRIVES), 30_000, 'the survivor to drive');
    const before = (await participantSends()).count;
    await waitUntil(async () => (await participantSends()).count >= before + 3, 30_000, "the survivor's payments");
    const [stillThree] = await database.db.select({ count: count() }).from(simulatedParticipants);
    expect(stillThree?.count).toBe(3);
    await expectLedgerBalanced(database.db);
  }, 120_000);
});
