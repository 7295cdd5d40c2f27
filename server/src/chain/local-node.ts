import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A local EVM node (Anvil, from the lock file) run as a child process, one per EVM network (docs/product.md#chains):
 * on loopback only, since its admin methods (anvil_*, evm_*) answer whoever reaches the port; with the network's
 * chain id and block time; its state in a file it loads at start and writes every STATE_INTERVAL_SECONDS, and
 * started again when it dies.
 */

/** How often the node writes its state: a kill -9 loses at most this much, which the indexer sees as a reorganisation. */
export const STATE_INTERVAL_SECONDS = 1;
/** A node that does not answer within this after starting is stopped and reported. */
const READY_TIMEOUT_MS = 20_000;
const RESTART_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000] as const;

export interface LocalNodeOptions {
  chainId: number;
  /** Seconds between blocks (a fraction is allowed: 12 s / CHAIN_TIME_SCALE); left out, a block per transaction or evm_mine (tests). */
  blockTimeSeconds?: number;
  /** The node's state file, loaded at start when present (under DATA_DIR). */
  stateFile: string;
  /** A fixed port; left out, the node picks a free one. Either way a restart listens on the same port. */
  port?: number;
  /** Where the node's own messages go; they are dropped when left out. */
  onLog?: (line: string) => void;
  /** Told each time the node died on its own and was started again. */
  onRestart?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

export interface LocalNode {
  /** http://127.0.0.1:{port} */
  readonly url: string;
  readonly port: number;
  /** The running process's id (a new one after each restart). */
  pid(): number | undefined;
  /** Stops the node (SIGTERM, so it writes its state) and does not start it again. */
  stop(): Promise<void>;
}

/** The pinned Anvil binary: @foundry-rs/anvil's platform package for this machine, installed from the lock file. */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  const manifest = require.resolve(`${platformPackage}/package.json`);
  const binary = path.join(path.dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(binary)) throw new Error(`Anvil's binary is missing at ${binary}: run npm ci`);
  return binary;
}

/**
 * The port the node says it listens on ("Listening on 127.0.0.1:PORT"), which it picks itself when asked for port 0.
 * A node that exits first is named with the end of what it wrote to stderr (why it would not start).
 */
function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    let complaint = '';
    child.stderr?.on('data', (text: string) => void (complaint = (complaint + text).slice(-400)));
    const onData = (text: string) => {
      seen += text;
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`the local node exited before listening (${code ?? signal}): ${complaint.trim() || 'it said nothing'}`)));
    setTimeout(() => reject(new Error(`the local node did not listen within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS).unref();
  });
}

function anvilArguments(options: LocalNodeOptions, port: number): string[] {
  return [
    '--host', '127.0.0.1',
    '--port', String(port),
    '--chain-id', String(options.chainId),
    ...(options.blockTimeSeconds === undefined ? [] : ['--block-time', String(options.blockTimeSeconds)]),
    '--state', options.stateFile,
    '--state-interval', String(STATE_INTERVAL_SECONDS),
    // No pre-funded accounts: every coin on the chain comes from the app's treasury (chain/local-chain-setup.ts).
    '--accounts', '0',
  ];
}

/** Waits until the node answers eth_chainId with `chainId`. */
async function waitUntilReady(url: string, chainId: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the local node exited while starting (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      });
      const answer = (await response.json()) as { result?: string };
      if (answer.result !== undefined && Number(answer.result) === chainId) return;
      throw new Error(`the local node at ${url} answered chain id ${answer.result}, not ${chainId}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the local node at')) throw error;
      if (Date.now() > deadline) throw new Error(`the local node at ${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function spawnAnvil(binary: string, options: LocalNodeOptions, port: number): ChildProcess {
  const child = spawn(binary, anvilArguments(options, port), { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (text: string) => {
      for (const line of text.split('\n')) if (line.trim() !== '') options.onLog?.(line);
    });
  }
  return child;
}

const pidFileOf = (stateFile: string) => `${stateFile}.pid`;

/** What a state file holds that tells whether its accounts agree with its history (Anvil's dump, in part). */
interface DumpedState {
  accounts?: Record<string, { nonce?: string | number; code?: string }>;
  transactions?: { info?: { from?: string; nonce?: string | number } }[];
}

/**
 * Accounts whose nonce is past every transaction the state file keeps from them: their money moved with no
 * transaction to show for it. Anvil wrote such a file in the sigkill-chain test, most likely a periodic dump between a
 * block's execution and the block's storage: a sender at nonce 34 with transactions up to 29, blocks after 23 empty,
 * and the four missing transfers in the balances, so the book (which knew none of them) and the chain never agreed
 * again. A contract's nonce is not a sender's, so only accounts without code count.
 */
export function accountsAheadOfHistory(state: DumpedState): string[] {
  const nextNonce = new Map<string, number>();
  for (const { info } of state.transactions ?? []) {
    if (info?.from === undefined) continue;
    const from = info.from.toLowerCase();
    nextNonce.set(from, Math.max(nextNonce.get(from) ?? 0, Number(info.nonce) + 1));
  }
  return Object.entries(state.accounts ?? {})
    .filter(([address, account]) => (account.code ?? '0x') === '0x' && Number(account.nonce ?? 0) > (nextNonce.get(address.toLowerCase()) ?? 0))
    .map(([address]) => address);
}

/** A state file the node can start from and that agrees with itself. */
function isLoadable(file: string): boolean {
  try {
    return accountsAheadOfHistory(JSON.parse(fs.readFileSync(file, 'utf8')) as DumpedState).length === 0;
  } catch {
    return false;
  }
}

/**
 * A kill -9 while the node writes its state can leave the file torn, and Anvil then refuses to start ("failed to parse
 * json file"); or whole, with accounts ahead of the blocks (accountsAheadOfHistory), and the node would hold balances
 * no transaction explains. Before each start such a file is set aside (`.torn`) and the copy kept at the last good
 * start takes its place: the node comes back older, which the indexer handles as a reorganisation. A loadable file is
 * kept as that copy (`.good`).
 */
export function useLoadableState(stateFile: string): void {
  const good = `${stateFile}.good`;
  if (fs.existsSync(stateFile) && !isLoadable(stateFile)) {
    fs.renameSync(stateFile, `${stateFile}.torn`);
    if (fs.existsSync(good)) fs.copyFileSync(good, stateFile);
  }
  if (fs.existsSync(stateFile)) fs.copyFileSync(stateFile, good);
}

/**
 * A node left running by a server that was killed (SIGKILL gives it no chance to stop its children) still writes the
 * state file: it is stopped before a new node starts on that file. The pid file names it, and /proc confirms that the
 * process is that node, so a reused pid is never killed.
 */
async function stopOrphanOf(stateFile: string): Promise<void> {
  const pidFile = pidFileOf(stateFile);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const commandLine = Number.isInteger(pid) && pid > 0 ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') : '';
  if (!commandLine.includes('anvil') || !commandLine.includes(stateFile)) return;
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && fs.existsSync(`/proc/${pid}`); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  if (fs.existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
}

/** Starts the node and resolves once it answers; it is started again, on the same port, whenever it dies. */
export async function startLocalNode(options: LocalNodeOptions): Promise<LocalNode> {
  const binary = anvilBinaryPath();
  fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
  await stopOrphanOf(options.stateFile).catch(() => {});
  useLoadableState(options.stateFile);
  let stopping = false;
  let restarts = 0;
  const recordPid = (running: ChildProcess) => fs.writeFileSync(pidFileOf(options.stateFile), String(running.pid ?? ''));
  let child = spawnAnvil(binary, options, options.port ?? 0);
  recordPid(child);
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;

  const superviseExit = (running: ChildProcess) => {
    running.once('exit', (code, signal) => {
      if (stopping) return;
      const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)]!;
      restarts += 1;
      setTimeout(() => {
        if (stopping) return;
        try {
          useLoadableState(options.stateFile);
        } catch (error) {
          options.onLog?.(`could not check the state file: ${error instanceof Error ? error.message : String(error)}`);
        }
        child = spawnAnvil(binary, options, port);
        recordPid(child);
        superviseExit(child);
        // A healthy run resets the backoff; a node that cannot start keeps backing off.
        void waitUntilReady(url, options.chainId, child).then(
          () => {
            restarts = 0;
            options.onRestart?.({ code, signal });
          },
          (error: unknown) => options.onLog?.(`restart failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }, delay).unref();
    });
  };
  superviseExit(child);

  try {
    await waitUntilReady(url, options.chainId, child);
  } catch (error) {
    stopping = true;
    child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    port,
    pid: () => child.pid,
    async stop() {
      stopping = true;
      const running = child;
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const forced = setTimeout(() => running.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    },
  };
}
