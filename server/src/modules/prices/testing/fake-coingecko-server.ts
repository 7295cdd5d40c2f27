import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers a request with. */
export type FakeResponse =
  | { kind: 'json'; status?: number; body: unknown; delayMs?: number }
  | { kind: 'text'; status?: number; body: string }
  | { kind: 'hang' };

export interface FakeRequest {
  url: URL;
  headers: http.IncomingHttpHeaders;
}

/** The dollar's rate in each currency that coinGeckoBody prices every coin with (unlike the fallback table's 82, 0.93, 0.79, 148). */
export const FAKE_FX_PER_USD = { inr: 83, usd: 1, eur: 0.92, gbp: 0.79, jpy: 150 } as const;

/**
 * A healthy `simple/price` answer: every coin and USDC, every currency, the 24h change per currency. USDC is
 * a dollar (0.9998 unless given) with a change of its own, as the real feed quotes it.
 */

export function coinGeckoBody(
  usdPrices: { ethereum: number; 'matic-network': number; solana: number; 'usd-coin'?: number },
  usdChange = 1.25,
) {
  const quote = (usd: number, change = usdChange) => ({
    inr: usd * FAKE_FX_PER_USD.inr,
    usd,
    eur: usd * FAKE_FX_PER_USD.eur,
    gbp: usd * FAKE_FX_PER_USD.gbp,
    jpy: usd * FAKE_FX_PER_USD.jpy,
    inr_24h_change: change,
    usd_24h_change: change,
    eur_24h_change: change,
    gbp_24h_change: change,
    jpy_24h_change: change,
  });
  return {
    ethereum: quote(usdPrices.ethereum),
    'matic-network': quote(usdPrices['matic-network']),
    solana: quote(usdPrices.solana),
    'usd-coin': quote(usdPrices['usd-coin'] ?? 0.9998, 0.01),
  };
}

/**
 * A local HTTP server on 127.0.0.1 (random port) that plays CoinGecko's `simple/price`. Each request
 * takes the next queued response, or the default one; every request is kept for the test to inspect.
 */
export async function startFakeCoinGecko(defaultResponse: FakeResponse) {
  const requests: FakeRequest[] = [];
  const queue: FakeResponse[] = [];
  let fallbackResponse = defaultResponse;
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    requests.push({ url: new URL(request.url ?? '/', 'http://127.0.0.1'), headers: request.headers });
    const planned = queue.shift() ?? fallbackResponse;
    if (planned.kind === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    const send = () => {
      const isJson = planned.kind === 'json';
      response.writeHead(planned.status ?? 200, { 'content-type': isJson ? 'application/json' : 'text/plain' });
      response.end(isJson ? JSON.stringify(planned.body) : planned.body);
    };
    if (planned.kind === 'json' && planned.delayMs) setTimeout(send, planned.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure, like https://api.coingecko.com/api/v3. */
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    /** Answers the next requests with these, in order, then goes back to the default. */
    enqueue(...responses: FakeResponse[]) {
      queue.push(...responses);
    },
    setDefault(response: FakeResponse) {
      fallbackResponse = response;
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCoinGecko = Awaited<ReturnType<typeof startFakeCoinGecko>>;
