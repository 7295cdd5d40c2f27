import { randomBytes } from 'node:crypto';
import { getNetwork, type NetworkId } from '@fincrypt/domain';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { http } from './http.ts';

/** Name, email and password of a new account: unique per call, valid for the sign-up form and API. */
export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'e2e'): TestAccount {
  const id = randomBytes(5).toString('hex');
  return { name: `E2E ${id}`, email: `${prefix}-${id}@example.com`, password: `pass-${id}-word` };
}

/** A signed-up account as a non-browser client holds it. */
export interface HttpUser {
  id: string;
  /** The session cookie(s) a browser would send. */
  cookie: string;
}

export async function signUpOverHttp(baseUrl: string, name: string): Promise<HttpUser> {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // better-auth insists on an Origin for sign-up, as a browser would send it.
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: 'correct-horse-1' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  return { id: ((await response.json()) as { user: { id: string } }).user.id, cookie };
}

/** A signed-up account with one of its wallets (every new account gets one per network). */
export interface WalletUser extends HttpUser {
  walletId: string;
  address: string;
}

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
 * `count` new accounts signed up over HTTP (as the browser does: password hashing and all), named
 * `${prefix}0`, `${prefix}1`, …, each with its session cookie and its wallet on `network`. Sign-up is
 * CPU-bound on the server (scrypt), so only `concurrency` at a time.
 */
export async function signUpUsers(
  baseUrl: string,
  count: number,
  options: { prefix: string; network: NetworkId; concurrency?: number },
): Promise<WalletUser[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    options.concurrency ?? 8,
    async (i) => {
      const user = await signUpOverHttp(baseUrl, `${options.prefix}${i}`);
      const response = await http(baseUrl, 'GET', '/api/wallets', { cookie: user.cookie });
      if (response.status !== 200) throw new Error(`GET /api/wallets answered ${response.status}: ${response.text}`);
      const wallets = response.json().wallets as { id: string; network: string; address: string }[];
      const wallet = wallets.find((candidate) => candidate.network === options.network);
      if (!wallet) throw new Error(`a new account has no ${options.network} wallet`);
      return { id: user.id, cookie: user.cookie, walletId: wallet.id, address: wallet.address };
    },
  );
}

/**
 * A fresh address on `network` that belongs to nobody in the system (a send there debits the sender only),
 * made the way the server makes its wallets' addresses: EIP-55 of a new secp256k1 key (viem) on EVM
 * networks, base58 of a new ed25519 public key on Solana.
 */
export function externalAddress(network: NetworkId): string {
  if (getNetwork(network).family === 'evm') return privateKeyToAccount(generatePrivateKey()).address;
  return base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
}
