import { getNetwork } from '@fincrypt/domain';
import { generateKeyPair } from '../../server/src/chain/keys.ts';
import { http, signUpOverHttp } from '../../server/src/test/server-process.ts';

export interface BenchUser {
  id: string;
  /** The session cookie a browser would send. */
  cookie: string;
  /** The user's connected eth_sepolia wallet (every new account gets one, holding 100). */
  walletId: string;
  address: string;
}

/** The network every benchmark sends on. */
export const BENCH_NETWORK = 'eth_sepolia';

/** An address outside the system on BENCH_NETWORK (a send there debits the sender only). */
export const externalAddress = (): string => generateKeyPair(getNetwork(BENCH_NETWORK)).address;

/** `work` over `items`, at most `limit` at a time; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * `count` new accounts signed up over HTTP (as the browser does: password hashing and all), each with its
 * session cookie and its eth_sepolia wallet. Sign-up is CPU-bound on the server (scrypt), so only a few
 * at a time.
 */
export async function signUpUsers(url: string, count: number, prefix: string, concurrency = 8): Promise<BenchUser[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      const user = await signUpOverHttp(url, `${prefix}${i}`);
      const response = await http(url, 'GET', '/api/wallets', { cookie: user.cookie });
      if (response.status !== 200) throw new Error(`GET /api/wallets answered ${response.status}: ${response.text}`);
      const wallets = response.json().wallets as { id: string; network: string; address: string }[];
      const wallet = wallets.find((candidate) => candidate.network === BENCH_NETWORK);
      if (!wallet) throw new Error(`a new account has no ${BENCH_NETWORK} wallet`);
      return { id: user.id, cookie: user.cookie, walletId: wallet.id, address: wallet.address };
    },
  );
}
