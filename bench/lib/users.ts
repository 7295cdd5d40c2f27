import { externalAddress as externalAddressOn, signUpUsers as signUpUsersOn, type WalletUser } from '@fincrypt/test-support';

export { mapLimit } from '@fincrypt/test-support';

/** A signed-up account with its session cookie and its connected BENCH_NETWORK wallet (every new account gets one, holding 100). */
export type BenchUser = WalletUser;

/** The network every benchmark sends on. */
export const BENCH_NETWORK = 'eth_sepolia';

/** An address outside the system on BENCH_NETWORK (a send there debits the sender only). */
export const externalAddress = (): string => externalAddressOn(BENCH_NETWORK);

/**
 * `count` new accounts signed up over HTTP (as the browser does: password hashing and all), each with its
 * session cookie and its BENCH_NETWORK wallet. Sign-up is CPU-bound on the server (scrypt), so only a few
 * at a time.
 */
export async function signUpUsers(url: string, count: number, prefix: string, concurrency = 8): Promise<BenchUser[]> {
  return signUpUsersOn(url, count, { prefix, network: BENCH_NETWORK, concurrency });
}
