import http from 'node:http';
import autocannon from 'autocannon';
import { type Summary, summarize } from './stats.ts';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /**
   * Called once per connection (0, 1, …) when autocannon opens it; returns that connection's request
   * factory, called again before every request it sends (fresh Idempotency-Key, etc.).
   */
  connection: (index: number) => () => LoadRequest;
}

export interface LoadResult {
  durationS: number;
  /** Responses with a 2xx status. */
  ok: number;
  okPerSecond: number;
  /** Responses with any other status. */
  non2xx: number;
  /** Connection errors and timeouts (no response at all). */
  errors: number;
  /** Latency of every response, 2xx or not, in ms (autocannon's: request written → response complete). */
  latency: Summary;
  statusCounts: Record<string, number>;
}

/** A closed-loop HTTP load with autocannon: `connections` keep-alive connections, each sending its next request as soon as the previous one is answered. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let nextConnection = 0;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let ok = 0;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    timeout: 30,
    setupClient: (client) => {
      const nextRequest = options.connection(nextConnection++);
      client.setRequests([
        {
          setupRequest: (request) => {
            const made = nextRequest();
            return {
              ...request,
              method: made.method,
              path: made.path,
              headers: { ...made.headers, ...(made.body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(made.body !== undefined ? { body: made.body } : {}),
            };
          },
        },
      ]);
    },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) ok += 1;
  });
  const result = await instance;
  return {
    durationS: result.duration,
    ok,
    okPerSecond: ok / result.duration,
    non2xx: latencies.length - ok,
    errors: result.errors,
    latency: summarize(latencies),
    statusCounts,
  };
}

/** "201×812 500×3" for progress lines. */
export function describeStatuses(result: Pick<LoadResult, 'statusCounts' | 'errors'>): string {
  const statuses = Object.entries(result.statusCounts)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `${statuses || 'no responses'}${result.errors ? `, ${result.errors} connection errors/timeouts` : ''}`;
}

export interface OpenLoopOptions {
  url: string;
  /** Requests started per second, on a fixed schedule whatever the answers' pace. */
  ratePerS: number;
  /** How long the measured part runs. */
  durationS: number;
  /**
   * Seconds of the same schedule before the measured part, whose answers are not counted: the server settles at this
   * rate first (after a phase that saturated it, it is still working off that phase's backlog).
   */
  warmupS?: number;
  /** The `index`-th request of the run (0, 1, …), warm-up included. */
  request: (index: number) => LoadRequest;
}

export interface OpenLoopResult {
  /** From the first measured start to the last answer. */
  durationS: number;
  /** Requests scheduled in the measured part (ratePerS × durationS). */
  scheduled: number;
  ok: number;
  /** 2xx answers per second over the run, from the first scheduled start to the last answer. */
  achievedPerSecond: number;
  non2xx: number;
  errors: number;
  /** Latency of every answer in ms, from the request's scheduled start (so time spent queued behind a slow server counts). */
  latency: Summary;
  statusCounts: Record<string, number>;
}

/**
 * An open-loop HTTP load: request i is due at start + i / ratePerS and is sent then, without waiting for earlier
 * answers (over as many keep-alive sockets as are needed). Latency is measured from when it was due, so a server that
 * falls behind shows its queue in the figure instead of slowing the arrivals (no coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(options.url);
  const scheduled = Math.max(1, Math.round(options.ratePerS * options.durationS));
  const warmup = Math.round(options.ratePerS * (options.warmupS ?? 0));
  const total = warmup + scheduled;
  const intervalMs = 1000 / options.ratePerS;
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];

  const send = (index: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const isMeasured = index >= warmup;
      const made = options.request(index);
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: made.method,
          path: made.path,
          headers: { ...made.headers, ...(made.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          timeout: 30_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (!isMeasured) return resolve();
            latencies.push(performance.now() - dueAt);
            const status = response.statusCode ?? 0;
            statusCounts[status] = (statusCounts[status] ?? 0) + 1;
            if (status >= 200 && status < 300) ok += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        if (isMeasured) errors += 1;
        resolve();
      });
      request.end(made.body);
    });

  const startedAt = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Every request already due goes out now, each timed from its own due moment.
    while (next < total && startedAt + next * intervalMs <= now) {
      inFlight.push(send(next, startedAt + next * intervalMs));
      next += 1;
    }
    if (next < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + next * intervalMs - performance.now())));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const durationS = (performance.now() - (startedAt + warmup * intervalMs)) / 1000;
  return {
    durationS,
    scheduled,
    ok,
    achievedPerSecond: ok / durationS,
    non2xx: latencies.length - ok,
    errors,
    latency: summarize(latencies),
    statusCounts,
  };
}
