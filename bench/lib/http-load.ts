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
export function describeStatuses(result: LoadResult): string {
  const statuses = Object.entries(result.statusCounts)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return `${statuses || 'no responses'}${result.errors ? `, ${result.errors} connection errors/timeouts` : ''}`;
}
