/**
 * Where a send's server CPU goes: `npx tsx bench/profile-sends.ts [--seconds=15] [--dir=/tmp/fincrypt-profile]`.
 *
 * Starts a server on a fresh PostgreSQL database with `node --cpu-prof`, signs up 8 users, warms up for 3 s, then
 * runs 8 connections of native sends (as send_rps_pg8 does) and stops the server, which writes its profile. Prints
 * the run's figures (sends/s, CPU per send as `send_cpu_ms_per_send` counts it, statements per send with the chain
 * clock's and the event relay's) and, from the profile's samples within the measured run, the packages and the
 * functions with the most self time per send. Samples are wall-clock: time the process spent descheduled inside a
 * system call (a loopback `writev` that wakes PostgreSQL) counts there too, so the table's total exceeds the CPU.
 * Last, PostgreSQL's own time in each SQL function over the run (`track_functions = 'all'` on the run's database):
 * the search-terms trigger and any other, per send.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { runLoad } from './lib/http-load.ts';
import { DEFAULT_POSTGRES_URL, withFreshDatabase } from './lib/postgres.ts';
import { startBenchServer } from './lib/server.ts';
import { externalAddress, signUpUsers } from './lib/users.ts';

const argument = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const durationS = Number(argument('seconds', '15'));
const dir = path.resolve(argument('dir', '/tmp/fincrypt-profile'));
const CONNECTIONS = 8;

interface FunctionTimes {
  [name: string]: { calls: number; totalMs: number; selfMs: number };
}

/** PostgreSQL's counters of the database's SQL functions (what backends have flushed: they do when idle, within 1 s). */
async function functionTimes(client: pg.Client): Promise<FunctionTimes> {
  const { rows } = await client.query<{ funcname: string; calls: string; total_time: number; self_time: number }>(
    'select funcname, calls, total_time, self_time from pg_stat_user_functions',
  );
  return Object.fromEntries(rows.map((row) => [row.funcname, { calls: Number(row.calls), totalMs: row.total_time, selfMs: row.self_time }]));
}

function printFunctionTimes(before: FunctionTimes, after: FunctionTimes, sends: number) {
  console.log('\nPostgreSQL: time in SQL functions (ms per send; total includes what the function calls)');
  const rows = Object.entries(after)
    .map(([name, end]) => {
      const start = before[name] ?? { calls: 0, totalMs: 0, selfMs: 0 };
      return { name, calls: end.calls - start.calls, totalMs: end.totalMs - start.totalMs, selfMs: end.selfMs - start.selfMs };
    })
    .filter((row) => row.calls > 0)
    .sort((a, b) => b.totalMs - a.totalMs);
  for (const row of rows) {
    console.log(
      `${(row.totalMs / sends).toFixed(3).padStart(8)} total ${(row.selfMs / sends).toFixed(3).padStart(8)} self  ${(row.calls / sends).toFixed(2)} calls  ${row.name}`,
    );
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self time per package and per function over the profile's last `windowS` seconds, in ms per send. */
function summarize(profile: CpuProfile, windowS: number, sends: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - windowS * 1e6;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from) return;
    const { callFrame } = nodes.get(id)!;
    const url = callFrame.url.replace(/^file:\/\//, '');
    const inPackage = url.match(/node_modules\/((@[^/]+\/)?[^/]+)\/(?!.*node_modules)/)?.[1];
    const where = !url ? `(${callFrame.functionName.replace(/[()]/g, '') || 'native'})` : (inPackage ?? (url.startsWith('node:') ? url : path.relative(process.cwd(), url).split('/').slice(0, 3).join('/')));
    const name = `${callFrame.functionName || '(anonymous)'} ${url ? `${path.relative(process.cwd(), url)}:${callFrame.lineNumber + 1}` : ''}`;
    const us = profile.timeDeltas[index + 1] ?? 0;
    byPackage.set(where, (byPackage.get(where) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  });
  const print = (title: string, table: Map<string, number>, rows: number) => {
    console.log(`\n${title} (ms per send)`);
    for (const [key, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${(us / 1000 / sends).toFixed(3).padStart(8)}  ${key}`);
  };
  print('Self time by package', byPackage, 25);
  print('Self time by function', byFunction, 40);
}

fs.mkdirSync(dir, { recursive: true });
const before = new Set(fs.readdirSync(dir));
await withFreshDatabase(DEFAULT_POSTGRES_URL, async (databaseUrl) => {
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  await stats.query(`alter database ${stats.database} set track_functions = 'all'`);
  let functionsBefore: FunctionTimes = {};
  const server = await startBenchServer({ DATABASE_URL: databaseUrl, BENCH_METRICS: '1' }, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  let sends = 0;
  try {
    const users = await signUpUsers(server.url, CONNECTIONS, 'Profile');
    const destinations = users.map(() => externalAddress());
    const connection = (index: number) => {
      const user = users[index % users.length]!;
      const body = JSON.stringify({ walletId: user.walletId, to: destinations[index % users.length], amount: '0.000001', speed: 'fast' });
      return () => ({ method: 'POST' as const, path: '/api/transactions', headers: { cookie: user.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() }, body });
    };
    await runLoad({ url: server.url, connections: CONNECTIONS, durationS: 3, connection });
    // The pool's connections, idle now, flush the warm-up's function counters within a second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    functionsBefore = await functionTimes(stats);
    const metrics = async () => (await (await fetch(`${server.url}/api/_bench/metrics`)).json()) as { cpuUserUs: number; cpuSystemUs: number; statements: number };
    const start = await metrics();
    const result = await runLoad({ url: server.url, connections: CONNECTIONS, durationS, connection });
    const end = await metrics();
    sends = result.ok;
    const cpuMs = (end.cpuUserUs - start.cpuUserUs + end.cpuSystemUs - start.cpuSystemUs) / 1000;
    console.log(`${sends} sends in ${durationS} s (${result.okPerSecond.toFixed(1)}/s, p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms)`);
    console.log(`CPU ${(cpuMs / sends).toFixed(2)} ms a send; ${((end.statements - start.statements) / sends).toFixed(2)} statements a send, the clock's and the relay's included`);
  } finally {
    await server.close();
  }
  // The server's connections flushed their counters as they closed.
  const functionsAfter = await functionTimes(stats);
  await stats.end();
  const written = fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile') && !before.has(name));
  if (written.length === 0) throw new Error(`the server wrote no profile into ${dir}`);
  const file = path.join(dir, written[0]!);
  console.log(`\nprofile: ${file} (open it in Chromium's DevTools, Performance panel)`);
  // The run ends with the metrics request and the shutdown: the window reaches a little past the load on both ends.
  summarize(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile, durationS + 0.3, Math.max(sends, 1));
  printFunctionTimes(functionsBefore, functionsAfter, Math.max(sends, 1));
});
