/**
 * Runs tasks with the same key one after another, and tasks with different keys at once. A key's entry lives only
 * while it has a task queued or running, so the map stays as small as the work in flight.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve();
      const result = before.then(task);
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
