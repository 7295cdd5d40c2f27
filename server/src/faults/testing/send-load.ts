import { randomUUID } from 'node:crypto';
import { startingBalanceUnits, type NetworkId, type SendResponse, type TransactionView, type WalletView } from '@fincrypt/domain';
import { expect } from 'vitest';
import { externalAddress } from '../../test/ledger-client.ts';
import { http, type HttpUser } from '@fincrypt/test-support';

export { seededRandom } from '@fincrypt/domain';

/** Shared by the fault tests: sends planned up front with their keys, so any of them can be retried as it was. */

export const SPEEDS = ['slow', 'normal', 'fast'] as const;

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; throws after `timeoutMs`, with `explain()`'s account of why when given. */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string, explain?: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      const why = explain ? `: ${await explain().catch((error: unknown) => String(error))}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await delay(250);
  }
}

export interface Account {
  user: HttpUser;
  wallets: WalletView[];
}

/** One send as the client means it: its key and body stay the same through every retry. */
export interface PlannedSend {
  key: string;
  account: Account;
  from: WalletView;
  /** The wallet of ours it pays, or undefined for an address outside. */
  toWallet: WalletView | undefined;
  body: { walletId: string; to: string; amount: string; speed: (typeof SPEEDS)[number] };
  /** The first answer the client received (a 201 in the end): what every later answer to this key must equal. */
  answer?: { status: number; text: string };
}

export async function walletsOf(url: string, user: HttpUser): Promise<WalletView[]> {
  const response = await http(url, 'GET', '/api/wallets', { cookie: user.cookie });
  if (response.status !== 200) throw new Error(`wallets: ${response.status} ${response.text}`);
  return response.json().wallets;
}

/**
 * The user's wallets once every one holds its grants: on a real chain they count once a block includes them (a
 * simulated network's count at once).
 */
export async function walletsWithGrants(url: string, user: HttpUser): Promise<WalletView[]> {
  let wallets: WalletView[] = [];
  await waitUntil(
    async () => {
      wallets = await walletsOf(url, user);
      return wallets.every((wallet) => BigInt(wallet.balanceUnits) > 0n);
    },
    30_000,
    'the grants in a block',
  );
  return wallets;
}

/** Every transaction of the user, through the paged history. */
export async function historyOf(url: string, user: HttpUser): Promise<TransactionView[]> {
  const items: TransactionView[] = [];
  let cursor: string | null = null;
  do {
    const response = await http(url, 'GET', `/api/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { cookie: user.cookie });
    if (response.status !== 200) throw new Error(`history: ${response.status} ${response.text}`);
    const page = response.json() as { items: TransactionView[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/**
 * Plans sends between the accounts' wallets (to another account's wallet on the same network, or to an
 * address outside), with small amounts so no wallet runs dry; `random` decides who, to whom, how much.
 */
export function createSendPlanner(accounts: Account[], random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const outside = new Map<NetworkId, string[]>();
  for (const wallet of accounts[0]!.wallets) {
    outside.set(wallet.network, Array.from({ length: 3 }, () => externalAddress(wallet.network)));
  }
  const planned: PlannedSend[] = [];
  return {
    planned,
    pick,
    plan(options: { from?: Account; to?: Account } = {}): PlannedSend {
      const account = options.from ?? pick(accounts);
      const from = pick(account.wallets);
      const recipient = options.to ?? (random() < 0.5 ? pick(accounts.filter((other) => other !== account)) : undefined);
      const toWallet = recipient?.wallets.find((wallet) => wallet.network === from.network);
      const request: PlannedSend = {
        key: randomUUID(),
        account,
        from,
        toWallet,
        body: { walletId: from.id, to: toWallet?.address ?? pick(outside.get(from.network)!), amount: `0.00${1 + Math.floor(random() * 9)}`, speed: pick(SPEEDS) },
      };
      planned.push(request);
      return request;
    },
  };
}

/** POST /api/transactions with the send's own key and body. */
export function postPlanned(url: string, request: PlannedSend) {
  return http(url, 'POST', '/api/transactions', {
    cookie: request.account.user.cookie,
    body: request.body,
    headers: { 'idempotency-key': request.key },
  });
}

/** Each wallet's start, less what its answered sends took (amount + fee), plus what answered sends paid into it. */
export function balancesFromAnswers(accounts: Account[], planned: PlannedSend[]): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const account of accounts) for (const wallet of account.wallets) balances.set(wallet.id, startingBalanceUnits(wallet.network));
  for (const request of planned) {
    if (request.answer?.status !== 201) throw new Error(`send ${request.key} has no 201 answer`);
    const { transaction } = JSON.parse(request.answer.text) as SendResponse;
    const amount = BigInt(transaction.amountUnits);
    balances.set(request.from.id, balances.get(request.from.id)! - amount - BigInt(transaction.feeUnits));
    if (request.toWallet) balances.set(request.toWallet.id, balances.get(request.toWallet.id)! + amount);
  }
  return balances;
}

/** Conservation, exactly, as the client sees it: every wallet holds what the answers it got add up to. */
export async function expectBalancesMatchAnswers(url: string, accounts: Account[], planned: PlannedSend[]): Promise<void> {
  const expected = balancesFromAnswers(accounts, planned);
  for (const account of accounts) {
    // The wallets the sends were planned among (a test may leave a network out).
    for (const wallet of (await walletsOf(url, account.user)).filter((candidate) => expected.has(candidate.id))) {
      expect(wallet.balanceUnits, `${account.user.id}'s ${wallet.network} wallet`).toBe(expected.get(wallet.id)!.toString());
    }
  }
}
