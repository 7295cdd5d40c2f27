import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, startServerProcess } from '@fincrypt/test-support';
import { installSignalCleanup, onCleanup } from './cleanup.ts';

/**
 * The environment every benchmarked server runs with, on top of what `npm start` would use:
 * - per-user and per-IP limits out of the way (a benchmark is one client address sending as fast as it can);
 * - chain time 60× the wall clock, so the clock's confirmation work (12 steps per transaction) reaches its
 *   steady state within a second of load instead of a minute: the server does the same work per send as in
 *   a long production run, only sooner.
 */
export const BENCH_SERVER_ENV: Record<string, string> = {
  RATE_LIMIT_SEND_PER_USER: '100000000',
  RATE_LIMIT_SIGN_UP_PER_IP: '100000000',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000000',
  RATE_LIMIT_EXPLORER_PER_IP: '100000000',
  CHAIN_TIME_SCALE: '60',
};

export interface BenchServer extends ServerProcess {
  /** Stops the process (SIGTERM, then waits) and forgets its cleanup. */
  close: () => Promise<void>;
}

/**
 * A server process (npx tsx server/src/main.ts) with BENCH_SERVER_ENV; stopped at the end of the run at the latest.
 * It runs in a process group of its own and outlives a tool that dies, so starting one installs the run's cleanup on
 * Ctrl-C, a crash or a closed output pipe: a server left behind would load the machine under every later measurement.
 */
export async function startBenchServer(env: Record<string, string>, options: { nodeArgs?: readonly string[] } = {}): Promise<BenchServer> {
  installSignalCleanup();
  // Registered at the spawn, not once it answers: a tool interrupted while its server starts must stop it too.
  let close: () => Promise<void> = async () => undefined;
  const server = await startServerProcess(
    { ...BENCH_SERVER_ENV, ...env },
    { ...options, onSpawn: (stop, pid) => (close = onCleanup(`server pid ${pid}`, () => stop('SIGTERM'))) },
  );
  return { ...server, close };
}

/** A temporary directory, removed at the end of `use` (or of the run). */
export async function withTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    return await use(dir);
  } finally {
    await remove();
  }
}
