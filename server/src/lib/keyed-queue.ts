/**
 * Runs tasks with the same key one after another, and tasks with different keys at once. A task waits for the one
 * before it at most `maxWaitMs`, then starts anyway: the queue is an optimisation, and a predecessor stuck on a
 * silent network must not make every task behind it wait out its timeout in turn. A key's entry lives only while it
 * has a task queued or running, so the map stays as small as the work in flight.
 */
export function createKeyedQueue(options: { maxWaitMs: number }) {
  const tails = new Map<string, Promise<unknown>>();

  /** `before` settled, or `maxWaitMs` passed. */
  function turnAfter(before: Promise<unknown> | undefined): Promise<unknown> {
    if (!before) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, options.maxWaitMs);
      timer.unref();
      void before.then(() => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }

  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
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
