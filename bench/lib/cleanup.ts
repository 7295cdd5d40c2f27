/**
 * Things a run must undo even when it fails or is interrupted: server processes it started, databases
 * it created, temporary directories. Phases register them; run.ts runs whatever is left at the end and
 * on SIGINT/SIGTERM.
 */

const pending = new Map<number, { label: string; undo: () => Promise<void> | void }>();
let nextId = 0;

/** Registers an undo step; the returned function runs it now (once) and forgets it. */
export function onCleanup(label: string, undo: () => Promise<void> | void): () => Promise<void> {
  const id = nextId++;
  pending.set(id, { label, undo });
  return async () => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    await entry.undo();
  };
}

/** Runs every registered step, newest first; failures are reported and do not stop the others. */
export async function runAllCleanups(): Promise<void> {
  const entries = [...pending.entries()].reverse();
  pending.clear();
  for (const [, entry] of entries) {
    try {
      await entry.undo();
    } catch (error) {
      process.stderr.write(`[bench] cleanup "${entry.label}" failed: ${String(error)}\n`);
    }
  }
}

let isInstalled = false;

/** On Ctrl-C, SIGTERM or a crash (an error nobody handled): undo everything, then exit. */
export function installSignalCleanup(): void {
  if (isInstalled) return;
  isInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.stderr.write(`[bench] ${signal}: cleaning up\n`);
      void runAllCleanups().finally(() => process.exit(130));
    });
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.once(event, (error: unknown) => {
      process.stderr.write(`[bench] ${event}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\ncleaning up\n`);
      void runAllCleanups().finally(() => process.exit(1));
    });
  }
}
