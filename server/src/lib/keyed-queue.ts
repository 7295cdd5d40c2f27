/**
 * Runs tasks with the same key one after another, and tasks with different keys at once. A task waits for the one
 * before it at most `maxWaitMs`, then starts anyway: the queue is an optimisation, and a predecessor stuck on a
 * silent network must not make every task behind it wait out its timeout in turn. A key's entry lives only while it
 * has a task queued or running, so the map stays as small as the work in flight.
 */
export function createKeyedQueue(options: { maxWaitMs: number }) {
  const tails = new Map<string, Promise<unknown>>();

  /** Resolves true once `before` settled, or false when `maxWaitMs` passed first. */
  function turnAfter(before: Promise<unknown> | undefined): Promise<boolean> {
    if (!before) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), options.maxWaitMs);
      timer.unref();
      void before.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  return {
    /** Runs `task` in the key's turn; it is told whether it had its turn or starts beside a task still running. */
    run<T>(key: string, task: (hadItsTurn: boolean) => Promise<T>): Promise<T> {
      const result = turnAfter(tails.get(key)).then(task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Keys with a task queued or running. */
    get size() {
      return tails.size;
    },
  };
}

export type KeyedQueue = ReturnType<typeof createKeyedQueue>;
