import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The repository's root (packages/test-support/src → ../../..): the server process runs there. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** The operator's listener (ADMIN_PORT, on loopback): `${adminUrl}/system/ledger` is the ledger check. */
  adminUrl: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output: () => string;
  /** Signals the whole process group (the server and anything it started) and waits for it to exit. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
}

/**
 * `server/src/main.ts` as a real, separate process on its own port (node with tsx, as `npm start` runs it);
 * resolves once /api/health answers. `env` comes on top of this process's environment (DATABASE_URL or
 * DATA_DIR, CHAIN_TIME_SCALE, rate limits, …); PORT, HOST and ADMIN_PORT are always this helper's. The demo accounts and the
 * demo network are off unless `env` turns them on. `nodeArgs` go before the script (a CPU profile, say).
 */
export interface StartServerOptions {
  nodeArgs?: readonly string[];
  /**
   * Called as soon as the process exists, before it answers: a caller that must stop it when interrupted registers
   * `stop` here, since a process interrupted while starting would otherwise outlive its caller (it has its own group).
   */
  onSpawn?: (stop: (signal: NodeJS.Signals) => Promise<void>, pid: number | undefined) => void;
}

export async function startServerProcess(env: Record<string, string>, options: StartServerOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminPort = await freePort();
  // As `npm start` runs it: not in vitest's test mode (which relaxes some of better-auth's checks).
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, VITEST_POOL_ID: _poolId, VITEST_WORKER_ID: _workerId, ...parentEnv } = process.env;
  // Node itself with tsx as its loader: one process (npx and tsx's own launcher would add two more and ~1 s per start).
  const child = spawn('node', [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    // No demo network unless asked for (DEMO_NETWORK: 'on', or '' for npm start's default): simulated payments in
    // the background would skew a test's counts and a benchmark's figures. Simulated chains unless asked for
    // (CHAIN: 'local'): a caller that wants the local nodes says so.
    env: { ...parentEnv, LOG_LEVEL: 'warn', SEED_DEMO_ACCOUNTS: 'false', DEMO_NETWORK: 'off', CHAIN: 'simulated', ...env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PORT: String(adminPort) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
    await exited;
  };
  options.onSpawn?.(stop, child.pid);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, adminUrl: `http://127.0.0.1:${adminPort}`, child, output: () => output, stop };
}
