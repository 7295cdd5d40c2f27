import { randomUUID } from 'node:crypto';
import {
  formatAmountTrimmed,
  GAS_SPEEDS,
  listAssets,
  MAX_CONFIRMATIONS,
  NETWORK_IDS,
  notEnoughForFeeMessage,
  SEND_MESSAGES,
  type Asset,
  type GasSpeed,
  type NetworkId,
  type WalletView,
} from '@fincrypt/domain';
import { count, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { transactions, walletBalances, wallets } from '../db/schema.ts';
import { call, signUp, type TestUser } from '../test/auth-client.ts';
import { claimFaucet, externalAddress, postSend } from '../test/ledger-client.ts';
import { useTestApp, type TestContext } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { checkLedger } from './ledger-check.ts';

/**
 * Model-based test of the whole ledger through the HTTP API: random sequences of connect, disconnect,
 * faucet claims, sends of the coin or of USDC (inside and outside the system, affordable or not, with or
 * without a quote), replay, clock ticks and restarts, across several users. After every step the database
 * must agree with a model that is nothing but balances per (wallet, asset) and counters: conservation exact
 * per asset, no negative balance, every send and claim applied exactly once.
 */

const USERS = 3;
const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 120);

interface ModelWallet {
  id: string;
  userIndex: number;
  network: NetworkId;
  address: string;
  /** By asset symbol. */
  balances: Record<string, bigint>;
  isConnected: boolean;
  /** Whether the faucet already paid it, or an earlier wallet of its user on its network (in this sequence, so within the day). */
  hasClaimed: boolean;
}

const balancesOf = (wallet: Pick<WalletView, 'balances'>): Record<string, bigint> =>
  Object.fromEntries(wallet.balances.map((entry) => [entry.asset, BigInt(entry.balanceUnits)]));

interface SentRecord {
  userIndex: number;
  key: string;
  body: Record<string, unknown>;
  statusCode: number;
  responseBody: string;
}

interface Model {
  wallets: Map<string, ModelWallet>;
  sendRows: number;
  receiveRows: number;
  mintRows: number;
  sent: SentRecord[];
  /** Confirmations last seen per transaction row, which may only grow. */
  confirmations: Map<string, number>;
}

interface Real {
  ctx: TestContext;
  users: TestUser[];
}

const app = (real: Real): FastifyInstance => real.ctx.app;

function connectedWallet(model: Model, userIndex: number, network: NetworkId): ModelWallet | undefined {
  return [...model.wallets.values()].find((wallet) => wallet.userIndex === userIndex && wallet.network === network && wallet.isConnected);
}

class ConnectCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly userIndex: number, readonly network: NetworkId) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await call(app(real), 'POST', '/api/wallets', { cookie: real.users[this.userIndex]!.cookie, body: { network: this.network } });
    if (connectedWallet(model, this.userIndex, this.network)) {
      expect(response.statusCode).toBe(409);
      return;
    }
    expect(response.statusCode).toBe(201);
    const wallet: WalletView = response.json();
    // Starter funds come with the user's first wallet on the network; the faucet's day is the network's, not the wallet's.
    const earlier = [...model.wallets.values()].filter((candidate) => candidate.userIndex === this.userIndex && candidate.network === this.network);
    const opening = Object.fromEntries(listAssets(this.network).map((asset) => [asset.symbol, earlier.length === 0 ? asset.openingGrantUnits : 0n]));
    expect(balancesOf(wallet)).toEqual(opening);
    model.wallets.set(wallet.id, {
      id: wallet.id,
      userIndex: this.userIndex,
      network: this.network,
      address: wallet.address,
      balances: opening,
      isConnected: true,
      hasClaimed: earlier.some((candidate) => candidate.hasClaimed),
    });
  }
  toString = () => `connect(user ${this.userIndex}, ${this.network})`;
}

class DisconnectCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly userIndex: number, readonly network: NetworkId) {}
  check = (model: Readonly<Model>) => connectedWallet(model as Model, this.userIndex, this.network) !== undefined;
  async run(model: Model, real: Real) {
    const wallet = connectedWallet(model, this.userIndex, this.network)!;
    const response = await call(app(real), 'DELETE', `/api/wallets/${wallet.id}`, { cookie: real.users[this.userIndex]!.cookie });
    expect(response.statusCode).toBe(204);
    wallet.isConnected = false;
  }
  toString = () => `disconnect(user ${this.userIndex}, ${this.network})`;
}

class FaucetCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly userIndex: number, readonly network: NetworkId) {}
  check = (model: Readonly<Model>) => connectedWallet(model as Model, this.userIndex, this.network) !== undefined;
  async run(model: Model, real: Real) {
    const wallet = connectedWallet(model, this.userIndex, this.network)!;
    const response = await claimFaucet(app(real), real.users[this.userIndex]!, wallet.id);
    if (wallet.hasClaimed) {
      expect(response.statusCode).toBe(429);
      expect(response.json().error.code).toBe('FAUCET_COOLDOWN');
      return;
    }
    expect(response.statusCode).toBe(201);
    for (const asset of listAssets(this.network)) wallet.balances[asset.symbol] = (wallet.balances[asset.symbol] ?? 0n) + asset.faucetGrantUnits;
    expect(balancesOf(response.json().wallet)).toEqual(wallet.balances);
    wallet.hasClaimed = true;
    model.mintRows += listAssets(this.network).length;
  }
  toString = () => `faucet(user ${this.userIndex}, ${this.network})`;
}

class SendCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(
    /** Which of the network's assets: 0 is its coin, 1 its USDC. */
    readonly assetPick: number,
    readonly userIndex: number,
    readonly network: NetworkId,
    /** null = an address outside the system; otherwise picks one of the network's other wallets. */
    readonly recipientPick: number | null,
    /** The amount as thousandths of the sender's balance: above 1000 is more than it holds. */
    readonly amountPermille: number,
    readonly speed: GasSpeed,
    /** Without a quote, with a fee quote (GET /api/fees), or with a firm quote (POST /api/quotes). */
    readonly quoting: 'none' | 'fee' | 'firm',
  ) {}
  check = (model: Readonly<Model>) => connectedWallet(model as Model, this.userIndex, this.network) !== undefined;
  async run(model: Model, real: Real) {
    const user = real.users[this.userIndex]!;
    const sender = connectedWallet(model, this.userIndex, this.network)!;
    const others = [...model.wallets.values()].filter((wallet) => wallet.network === this.network && wallet.id !== sender.id);
    const recipient = this.recipientPick === null || others.length === 0 ? undefined : others[this.recipientPick % others.length];
    const to = recipient?.address ?? externalAddress(this.network);
    const assets = listAssets(this.network);
    const asset: Asset = assets[this.assetPick % assets.length]!;
    const native = assets[0]!.symbol;
    const held = sender.balances[asset.symbol] ?? 0n;
    const isTokenAsset = (candidate: Asset) => candidate.kind === 'token';
    const amountUnits = (held * BigInt(this.amountPermille)) / 1000n || 1n;
    const body: Record<string, unknown> = { walletId: sender.id, to, amount: formatAmountTrimmed(amountUnits, asset.decimals), speed: this.speed };
    if (asset.kind === 'token' || this.assetPick % 3 === 2) body.asset = asset.symbol;

    let quotedFee: bigint | undefined;
    if (this.quoting === 'firm') {
      const quoted = await call(app(real), 'POST', '/api/quotes', {
        cookie: user.cookie,
        body: { ...body, asset: asset.symbol, fixed: 'asset', senderCurrency: 'usd', recipientCurrency: 'eur' },
      });
      if (quoted.statusCode !== 201) {
        // A quote is refused by the send rules on the fee of the moment: nothing to send, nothing changed.
        expect(quoted.statusCode).toBe(400);
        expect(quoted.json().error.message).toBe(
          !isTokenAsset(asset) ? SEND_MESSAGES.insufficientBalance : amountUnits > held ? `Insufficient ${asset.symbol} balance` : notEnoughForFeeMessage(this.network),
        );
        return;
      }
      const quote = quoted.json();
      expect(quote.amountUnits).toBe(amountUnits.toString());
      body.quoteId = quote.id;
      quotedFee = BigInt(quote.feeUnits);
    }
    if (this.quoting === 'fee') {
      const fees = (await call(app(real), 'GET', `/api/fees?walletId=${sender.id}&asset=${asset.symbol}`, { cookie: user.cookie })).json();
      const quote = fees.quotes.find((candidate: { speed: string }) => candidate.speed === this.speed);
      body.feeQuoteId = quote.quoteId;
      quotedFee = BigInt(quote.feeUnits);
    }
    const key = randomUUID();
    const response = await postSend(app(real), user, body, key);
    model.sent.push({ userIndex: this.userIndex, key, body, statusCode: response.statusCode, responseBody: response.body });

    const nativeHeld = sender.balances[native] ?? 0n;
    const isToken = asset.kind === 'token';
    // The rules in their order: the asset's amount first, then (for a token) the fee in the coin.
    const affordable = (fee: bigint) => (isToken ? amountUnits <= held && fee <= nativeHeld : amountUnits + fee <= nativeHeld);
    if (quotedFee !== undefined) expect(response.statusCode).toBe(affordable(quotedFee) ? 201 : 400);
    if (response.statusCode === 400) {
      const { message } = response.json().error;
      if (!isToken) expect(message).toBe(SEND_MESSAGES.insufficientBalance);
      else expect(message).toBe(amountUnits > held ? `Insufficient ${asset.symbol} balance` : notEnoughForFeeMessage(this.network));
      return;
    }
    expect(response.statusCode).toBe(201);
    const sent = response.json();
    const fee = BigInt(sent.transaction.feeUnits);
    expect(sent.transaction.asset).toBe(asset.symbol);
    expect(BigInt(sent.transaction.gasUsed)).toBe(asset.transferGas);
    if (quotedFee !== undefined) expect(fee).toBe(quotedFee);
    expect(affordable(fee)).toBe(true);
    sender.balances[native] = nativeHeld - fee;
    sender.balances[asset.symbol] = (sender.balances[asset.symbol] ?? 0n) - amountUnits;
    expect(balancesOf(sent.wallet)).toEqual(sender.balances);
    model.sendRows += 1;
    if (recipient) {
      recipient.balances[asset.symbol] = (recipient.balances[asset.symbol] ?? 0n) + amountUnits;
      model.receiveRows += 1;
    }
  }
  toString = () =>
    `send(asset ${this.assetPick}, user ${this.userIndex}, ${this.network}, to ${this.recipientPick ?? 'outside'}, ${this.amountPermille}‰, ${this.speed}${this.quoting === 'none' ? '' : `, ${this.quoting} quote`})`;
}

class ReplayCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.sent.length > 0;
  async run(model: Model, real: Real) {
    const earlier = model.sent[this.pick % model.sent.length]!;
    const response = await postSend(app(real), real.users[earlier.userIndex]!, earlier.body, earlier.key);
    expect(response.statusCode).toBe(earlier.statusCode);
    expect(response.body).toBe(earlier.responseBody);
  }
  toString = () => `replay(${this.pick})`;
}

class TickCommand implements fc.AsyncCommand<Model, Real, false> {
  constructor(readonly aheadMs: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    await app(real).ledger.clock.tick(Date.now() + this.aheadMs);
  }
  toString = () => `tick(+${this.aheadMs} ms)`;
}

class RestartCommand implements fc.AsyncCommand<Model, Real, false> {
  check = () => true;
  async run(_model: Model, real: Real) {
    await real.ctx.app.close();
    real.ctx.app = await buildApp({ logger: false, config: real.ctx.config, database: real.ctx.database });
    await real.ctx.app.ready();
  }
  toString = () => 'restart';
}

/** Each sequence starts from a clean ledger: the same users, each with fresh starter wallets. */
async function resetLedger(real: Real): Promise<void> {
  for (const table of ['fraud_alerts', 'mints']) await real.ctx.database.db.execute(sql`delete from ${sql.identifier(table)}`);
  // A used quote and its transaction name each other: both go in one statement.
  await real.ctx.database.db.execute(sql`with gone as (delete from transactions returning 1) delete from payment_quotes`);
  for (const table of ['wallet_balances', 'wallets', 'idempotency_keys', 'blocks']) await real.ctx.database.db.execute(sql`delete from ${sql.identifier(table)}`);
  for (const user of real.users) expect((await call(app(real), 'GET', '/api/wallets', { cookie: user.cookie })).json().wallets).toHaveLength(3);
}

async function loadModel(real: Real): Promise<Model> {
  const rows = await real.ctx.database.db.select().from(wallets);
  const balanceRows = await real.ctx.database.db.select().from(walletBalances);
  const userIndexById = new Map(real.users.map((user, index) => [user.id, index]));
  const model: Model = { wallets: new Map(), sendRows: 0, receiveRows: 0, mintRows: 0, sent: [], confirmations: new Map() };
  for (const row of rows) {
    model.wallets.set(row.id, {
      id: row.id,
      userIndex: userIndexById.get(row.userId) ?? -1,
      network: row.network as NetworkId,
      address: row.address,
      balances: Object.fromEntries(balanceRows.filter((balance) => balance.walletId === row.id).map((balance) => [balance.asset, balance.balance])),
      isConnected: row.disconnectedAt === null,
      hasClaimed: row.faucetClaimedAt !== null,
    });
  }
  const counts = await real.ctx.database.db.select({ type: transactions.type, count: count() }).from(transactions).groupBy(transactions.type);
  model.sendRows = counts.find((row) => row.type === 'send')?.count ?? 0;
  model.receiveRows = counts.find((row) => row.type === 'receive')?.count ?? 0;
  model.mintRows = counts.find((row) => row.type === 'mint')?.count ?? 0;
  for (const row of await real.ctx.database.db.select({ id: transactions.id, confirmations: transactions.confirmations }).from(transactions)) {
    model.confirmations.set(row.id, row.confirmations);
  }
  return model;
}

/** The database against the model, and the ledger's own invariants. */
async function checkAgainstModel(model: Model, real: Real) {
  const { db } = real.ctx.database;
  const report = await checkLedger(db);
  expect(report.breaches).toEqual([]);
  const rows = await db.select({ id: wallets.id, disconnectedAt: wallets.disconnectedAt }).from(wallets);
  expect(rows).toHaveLength(model.wallets.size);
  const balanceRows = await db.select().from(walletBalances);
  for (const row of rows) {
    const expected = model.wallets.get(row.id);
    const held = Object.fromEntries(balanceRows.filter((balance) => balance.walletId === row.id).map((balance) => [balance.asset, balance.balance]));
    expect(held, `balances of ${row.id}`).toEqual(expected?.balances);
    for (const units of Object.values(held)) expect(units >= 0n).toBe(true);
    expect(row.disconnectedAt === null).toBe(expected?.isConnected);
  }
  const txRows = await db
    .select({ id: transactions.id, hash: transactions.hash, type: transactions.type, status: transactions.status, confirmations: transactions.confirmations })
    .from(transactions);
  expect(txRows.filter((row) => row.type === 'send')).toHaveLength(model.sendRows);
  expect(txRows.filter((row) => row.type === 'receive')).toHaveLength(model.receiveRows);
  expect(txRows.filter((row) => row.type === 'mint')).toHaveLength(model.mintRows);
  const byHash = new Map<string, number>();
  for (const row of txRows) {
    expect(row.confirmations).toBeLessThanOrEqual(MAX_CONFIRMATIONS);
    expect(row.status === 'pending').toBe(row.confirmations === 0);
    expect(row.confirmations).toBeGreaterThanOrEqual(model.confirmations.get(row.id) ?? 0);
    model.confirmations.set(row.id, row.confirmations);
    // Both sides of an internal transfer move in step.
    const other = byHash.get(row.hash);
    if (other !== undefined) expect(row.confirmations).toBe(other);
    byHash.set(row.hash, row.confirmations);
  }
}

const userIndex = fc.integer({ min: 0, max: USERS - 1 });
const network = fc.constantFrom(...NETWORK_IDS);
/** 0 and 2: the coin (2 names it explicitly), 1: USDC. */
const assetPick = fc.nat(2);
const commands = fc.commands(
  [
    fc.tuple(assetPick, userIndex, network, fc.option(fc.nat(20), { freq: 3 }), fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 900, max: 1100 })), fc.constantFrom(...GAS_SPEEDS), fc.constantFrom('none' as const, 'fee' as const, 'firm' as const)).map(
      (args) => new SendCommand(...args),
    ),
    fc.tuple(assetPick, userIndex, network, fc.option(fc.nat(20), { freq: 3 }), fc.integer({ min: 1, max: 300 }), fc.constantFrom(...GAS_SPEEDS), fc.constantFrom('none' as const, 'fee' as const, 'firm' as const)).map(
      (args) => new SendCommand(...args),
    ),
    fc.tuple(userIndex, network).map((args) => new FaucetCommand(...args)),
    fc.tuple(userIndex, network).map((args) => new ConnectCommand(...args)),
    fc.tuple(userIndex, network).map((args) => new DisconnectCommand(...args)),
    fc.nat(30).map((pick) => new ReplayCommand(pick)),
    fc.constantFrom(0, 5_000, 20_000, 60_000, 600_000).map((ahead) => new TickCommand(ahead)),
    fc.constant(new RestartCommand()),
  ],
  { maxCommands: 10 },
);

// Simulated chains: the model predicts every balance the moment an operation commits and ticks the simulated clock;
// chain-random.test.ts drives the same kinds of operation on a real node.
describeEachDatabase('ledger model (property-based)', (kind) => {
  const ctx = useTestApp(kind, { chain: 'simulated' });
  const users: TestUser[] = [];

  beforeAll(async () => {
    for (let i = 0; i < USERS; i += 1) users.push(await signUp(ctx.app, { name: `Model ${i}` }));
  });

  it(
    'keeps the ledger exact per asset through random connect/disconnect/faucet/send(coin|token)/replay/tick/restart sequences',
    async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (sequence) => {
          const real: Real = { ctx, users };
          await resetLedger(real);
          const model = await loadModel(real);
          const checked = [...sequence].map((command) => ({
            check: (m: Readonly<Model>) => command.check(m),
            run: async (m: Model, r: Real) => {
              await command.run(m, r);
              await checkAgainstModel(m, r);
            },
            toString: () => command.toString(),
          }));
          await fc.asyncModelRun(() => ({ model, real }), checked);
        }),
        { numRuns: RUNS },
      );
    },
    // Generous: on a loaded two-core machine 120 sequences have taken several minutes.
    600_000,
  );
});

