/**
 * A limit per client address for public reads (the explorer, the JSON-RPC endpoint): a fixed window counted in this
 * process's memory. The explorer is read-only and read often (a home page is four requests, each live update a few more), so a database write
 * per public read — as the pay page's limiter does — would turn every read into a write and make the limit itself
 * the easiest thing to load. The cost: with several server processes a client may read up to that many times the
 * limit, each process holding its own count. Memory is bounded: at most `maxKeys` addresses are tracked; past that
 * expired windows are swept and then the oldest entries are dropped.
 */
export interface ExplorerRateRule {
  limit: number;
  windowMs: number;
}

export interface ExplorerRateVerdict {
  isAllowed: boolean;
  retryAfterMs: number;
}

export function createMemoryRateLimiter(rule: ExplorerRateRule, { maxKeys = 100_000, now = () => Date.now() } = {}) {
  const windows = new Map<string, { startedAt: number; hits: number }>();

  function makeRoom(at: number) {
    for (const [key, window] of windows) if (window.startedAt + rule.windowMs <= at) windows.delete(key);
    // Still full: the oldest entries (Map keeps insertion order) go first.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    hit(key: string): ExplorerRateVerdict {
      const at = now();
      let window = windows.get(key);
      if (!window || window.startedAt + rule.windowMs <= at) {
        if (window) windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(at);
        window = { startedAt: at, hits: 0 };
        windows.set(key, window);
      }
      window.hits += 1;
      return { isAllowed: window.hits <= rule.limit, retryAfterMs: Math.max(0, window.startedAt + rule.windowMs - at) };
    },
    /** How many addresses are tracked now (tests check the bound). */
    size: () => windows.size,
  };
}

export type MemoryRateLimiter = ReturnType<typeof createMemoryRateLimiter>;
