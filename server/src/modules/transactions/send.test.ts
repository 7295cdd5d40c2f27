import { randomUUID } from 'node:crypto';
import {
  assetForSend,
  checkSend,
  QUOTE_MESSAGES,
  SEND_MESSAGES,
  sendRequestSchema,
  toChecksumAddress,
  type FeeQuotesResponse,
  type SendResponse,
} from '@fincrypt/domain';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Hex } from 'viem';
import { expect, it } from 'vitest';
import type { UserEvent } from '../../lib/event-bus.ts';
import { transactions } from '../../db/schema.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, listWallets, postSend, storedBalances, walletOn } from '../../test/ledger-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const ETH = 10n ** 18n;
const SOL = 10n ** 9n;

describeEachDatabase('send API', (kind) => {
  const ctx = useTestApp(kind);

  const quotes = async (user: TestUser, walletId: string): Promise<FeeQuotesResponse> => {
    const response = await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}`, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const balanceOf = async (walletId: string, asset = 'ETH') => (await storedBalances(ctx.database.db, [walletId], asset)).get(walletId)!;
  const rowCount = async (hash: string) =>
    (await ctx.database.db.select({ count: count() }).from(transactions).where(eq(transactions.hash, hash)))[0]!.count;

  it('quotes fees per speed with the max sendable, holds exactly the quoted fee, and keeps what the receipt charged', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const quoted = await quotes(user, wallet.id);
    // No upstream configured: the simulated feed, the same USD price /api/prices serves.
    const ethereum = (await call(ctx.app, 'GET', '/api/prices')).json().prices.ethereum;
    expect(quoted).toMatchObject({ network: 'eth_sepolia', symbol: 'ETH', balance: '100.0000', usdPrice: ethereum.prices.usd, priceSource: 'simulated', refreshIntervalMs: 15_000 });
    expect(quoted.quotes.map((quote) => quote.speed)).toEqual(['slow', 'normal', 'fast']);
    for (const quote of quoted.quotes) {
      // The fee in coin is exact: its digits, padded to 18 decimals, are the fee in wei.
      expect(quote.fee).toMatch(/^0\.\d*[1-9]$/);
      expect(BigInt(quote.fee.slice(2).padEnd(18, '0'))).toBe(BigInt(quote.feeUnits));
      expect(quote.gasPriceGwei).toMatch(/^\d+\.\d{2}$/);
      expect(quote.feeUsd).toMatch(/^\d+\.\d{2}$/);
      expect(BigInt(quote.maxSendableUnits)).toBe(100n * ETH - BigInt(quote.feeUnits));
      expect(quote.maxSendable).toMatch(/^99\.\d{8}$/);
    }
    const fast = quoted.quotes[2]!;
    const to = externalAddress('eth_sepolia');
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to, amount: '12.5', speed: 'fast', feeQuoteId: fast.quoteId });
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    expect(sent.transaction).toMatchObject({
      type: 'send',
      network: 'eth_sepolia',
      status: 'pending',
      confirmations: 0,
      blockNumber: null,
      amount: '12.5',
      amountUnits: (125n * ETH / 10n).toString(),
      feeUnits: fast.feeUnits,
      effectiveGasPrice: fast.gasPriceWei,
      gasUsed: '21000',
      fromAddress: wallet.address,
      toAddress: to,
      walletId: wallet.id,
    });
    expect(sent.transaction.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const expectedBalance = 100n * ETH - 125n * ETH / 10n - BigInt(fast.feeUnits);
    expect(sent.wallet.balanceUnits).toBe(expectedBalance.toString());
    expect(await balanceOf(wallet.id)).toBe(expectedBalance);
    expect(await rowCount(sent.transaction.hash)).toBe(1);
    await expectLedgerBalanced(ctx.database.db);

    // The quote's fee was the cap; once a block includes the send, the receipt's fee is kept and the rest given back.
    await includePending(ctx);
    const receipt = await ctx.testChain.chain.client.getTransactionReceipt({ hash: sent.transaction.hash as Hex });
    const charged = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(charged).toBeLessThanOrEqual(BigInt(fast.feeUnits));
    expect(await balanceOf(wallet.id)).toBe(100n * ETH - 125n * ETH / 10n - charged);
    expect(await ctx.testChain.chain.client.getBalance({ address: to as Hex })).toBe(125n * ETH / 10n);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('credits a recipient inside the system at once, with a mirrored receive, and tells both users after commit', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const from = await walletOn(ctx.app, alice, 'solana_devnet');
    const to = await walletOn(ctx.app, bob, 'solana_devnet');
    const seen: { event: UserEvent; committedBalance: Promise<bigint> | undefined }[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => {
      const walletId = event.event === 'balance_update' ? (event.payload as { walletId: string }).walletId : undefined;
      // Read on another connection: if the event came before the commit this would not see the new balance.
      seen.push({ event, committedBalance: walletId ? balanceOf(walletId, 'SOL') : undefined });
    });
    const response = await postSend(ctx.app, alice, { walletId: from.id, to: to.address, amount: '0.123456789', speed: 'slow' });
    unsubscribe();
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    const fee = BigInt(sent.transaction.feeUnits);
    expect(await balanceOf(from.id, 'SOL')).toBe(100n * SOL - 123_456_789n - fee);
    expect(await balanceOf(to.id, 'SOL')).toBe(100n * SOL + 123_456_789n);
    expect(sent.transaction.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);

    const bobList = (await call(ctx.app, 'GET', '/api/transactions?type=receive', { cookie: bob.cookie })).json();
    expect(bobList.items).toHaveLength(1);
    expect(bobList.items[0]).toMatchObject({ type: 'receive', hash: sent.transaction.hash, walletId: to.id, amount: '0.123456789', status: 'pending', feeUnits: sent.transaction.feeUnits });

    const forAlice = seen.filter((item) => item.event.userId === alice.id).map((item) => item.event.event);
    const forBob = seen.filter((item) => item.event.userId === bob.id).map((item) => item.event.event);
    expect(forAlice).toEqual(expect.arrayContaining(['transaction_status', 'transaction_update', 'balance_update']));
    expect(forBob).toEqual(['transaction_status', 'transaction_update', 'balance_update']);
    for (const item of seen) {
      if (!item.committedBalance) continue;
      expect((await item.committedBalance).toString()).toBe((item.event.payload as { newBalanceUnits: string }).newBalanceUnits);
    }
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses with the messages of docs/product.md#sending, in its order, and changes nothing', async () => {
    const { user } = await fundedUser(ctx);
    const eth = await walletOn(ctx.app, user, 'eth_sepolia');
    const sol = await walletOn(ctx.app, user, 'solana_devnet');
    const valid = externalAddress('eth_sepolia');
    const badChecksum = valid.slice(0, 2) + [...valid.slice(2)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ walletId: randomUUID(), to: valid, amount: '1' }, 404, SEND_MESSAGES.walletNotFound],
      [{ walletId: eth.id, to: valid, amount: '100' }, 400, SEND_MESSAGES.insufficientBalance],
      [{ walletId: eth.id, to: 'nonsense', amount: '100' }, 400, SEND_MESSAGES.insufficientBalance],
      [{ walletId: eth.id, to: 'nonsense', amount: '1' }, 400, SEND_MESSAGES.invalidRecipient],
      [{ walletId: eth.id, to: valid.slice(0, 41), amount: '1' }, 400, SEND_MESSAGES.invalidRecipient],
      [{ walletId: eth.id, to: sol.address, amount: '1' }, 400, SEND_MESSAGES.invalidRecipient],
      [{ walletId: sol.id, to: valid, amount: '1' }, 400, SEND_MESSAGES.invalidRecipient],
      [{ walletId: eth.id, to: eth.address.toLowerCase(), amount: '1' }, 400, SEND_MESSAGES.sameWallet],
      [{ walletId: sol.id, to: externalAddress('solana_devnet'), amount: '0.0000000001' }, 400, 'Amount has more decimal places than SOL allows (at most 9)'],
      [{ walletId: eth.id, to: valid, amount: '0' }, 400, SEND_MESSAGES.enterValidAmount],
      [{ walletId: eth.id, to: valid, amount: '-1' }, 400, SEND_MESSAGES.enterValidAmount],
      [{ walletId: eth.id, to: valid, amount: '1e3' }, 400, SEND_MESSAGES.enterValidAmount],
      [{ walletId: eth.id, to: '', amount: '1' }, 400, SEND_MESSAGES.enterRecipient],
      [{ walletId: 'x', to: valid, amount: '1' }, 400, SEND_MESSAGES.selectWallet],
      [{ walletId: eth.id, to: valid, amount: '1', speed: 'warp' }, 400, SEND_MESSAGES.selectSpeed],
    ];
    if (badChecksum !== valid && badChecksum.slice(2) !== valid.slice(2).toLowerCase()) {
      cases.push([{ walletId: eth.id, to: badChecksum, amount: '1' }, 400, SEND_MESSAGES.invalidRecipient]);
    }
    for (const [body, status, message] of cases) {
      const response = await postSend(ctx.app, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await listWallets(ctx.app, user)).map((wallet) => wallet.balance)).toEqual(['100.0000', '100.0000', '100.0000']);
    // Checksum-less (all lower case) EVM recipients are accepted and stored in EIP-55 form.
    const lower = await postSend(ctx.app, user, { walletId: eth.id, to: valid.toLowerCase(), amount: '1' });
    expect(lower.statusCode).toBe(201);
    expect(lower.json().transaction.toAddress).toBe(toChecksumAddress(valid));
  });

  it('sends everything but the fee with the max sendable amount, and not one unit more; the node takes it', async () => {
    const { user, walletId } = await fundedUser(ctx);
    const slow = (await quotes(user, walletId)).quotes[0]!;
    const tooMuch = BigInt(slow.maxSendableUnits) + 1n;
    const refused = await postSend(ctx.app, user, { walletId, to: externalAddress('eth_sepolia'), amount: `${tooMuch / ETH}.${(tooMuch % ETH).toString().padStart(18, '0')}`, speed: 'slow', feeQuoteId: slow.quoteId });
    expect(refused.json().error?.message).toBe(SEND_MESSAGES.insufficientBalance);
    const all = await postSend(ctx.app, user, { walletId, to: externalAddress('eth_sepolia'), amount: slow.maxSendable, speed: 'slow', feeQuoteId: slow.quoteId });
    expect(all.statusCode).toBe(201);
    // maxSendable is cut to 8 decimals, so what is left is below 10^-8 coin.
    expect(BigInt(all.json().wallet.balanceUnits)).toBeLessThan(ETH / 10n ** 8n);
    // The node holds the sender to amount + gas × fee cap, which the quote's fee is: it includes the send.
    await includePending(ctx);
    expect((await ctx.testChain.chain.client.getTransactionReceipt({ hash: all.json().transaction.hash as Hex })).status).toBe('success');
    await expectLedgerBalanced(ctx.database.db);
  });

  it('replays the first answer for a repeated Idempotency-Key, refuses it with another body, and writes once', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '3' };
    const key = randomUUID();
    const issuedAt = performance.timeOrigin + performance.now();
    const first = await postSend(ctx.app, user, body, key);
    const answeredAt = performance.timeOrigin + performance.now();
    const again = await postSend(ctx.app, user, { ...body, to: ` ${body.to} `, speed: 'normal' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // The first answer says when it committed (Server-Timing); a replay committed nothing and says nothing.
    const committedAt = Number(/^commit;desc="([0-9.]+)"$/.exec(String(first.headers['server-timing']))?.[1]);
    expect(committedAt).toBeGreaterThanOrEqual(issuedAt);
    expect(committedAt).toBeLessThanOrEqual(answeredAt);
    expect(again.headers['server-timing']).toBeUndefined();
    expect(await rowCount(first.json().transaction.hash)).toBe(1);

    const other = await postSend(ctx.app, user, { ...body, amount: '4' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // The same key from another user is another request.
    const { user: stranger } = await fundedUser(ctx);
    const strangerWallet = await walletOn(ctx.app, stranger, 'eth_sepolia');
    expect((await postSend(ctx.app, stranger, { ...body, walletId: strangerWallet.id }, key)).statusCode).toBe(201);

    // A refusal is an answer too: replayed even once the balance would allow it.
    const poorKey = randomUUID();
    const poor = await postSend(ctx.app, user, { ...body, amount: '98' }, poorKey);
    expect(poor.statusCode).toBe(400);
    const gift = await postSend(ctx.app, stranger, { walletId: strangerWallet.id, to: wallet.address, amount: '50' });
    expect(gift.statusCode).toBe(201);
    await includePending(ctx);
    const replayedPoor = await postSend(ctx.app, user, { ...body, amount: '98' }, poorKey);
    expect(replayedPoor.statusCode).toBe(400);
    expect(replayedPoor.json()).toEqual(poor.json());

    const balanceBefore = await balanceOf(wallet.id);
    const concurrentKey = randomUUID();
    const racing = await Promise.all(Array.from({ length: 8 }, () => postSend(ctx.app, user, { ...body, amount: '0.5' }, concurrentKey)));
    expect(racing.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(racing.map((response) => response.body)).size).toBe(1);
    expect(await rowCount(racing[0]!.json().transaction.hash)).toBe(1);
    expect(await balanceOf(wallet.id)).toBe(balanceBefore - ETH / 2n - BigInt(racing[0]!.json().transaction.feeUnits));
    await expectLedgerBalanced(ctx.database.db);
  });

  it('requires a sane Idempotency-Key', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1' };
    const missing = await call(ctx.app, 'POST', '/api/transactions', { cookie: user.cookie, body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Idempotency-Key header is required');
    for (const key of ['has space', 'x'.repeat(129), 'ünicode', '']) {
      const response = await postSend(ctx.app, user, body, key);
      expect(response.statusCode, key).toBe(400);
    }
    expect((await walletOn(ctx.app, user, 'eth_sepolia')).balance).toBe('100.0000');
  });

  it('answers fuzzed bodies with 4xx and the rule that applies, never 5xx, and moves no money', async () => {
    const { user } = await fundedUser(ctx);
    const list = await listWallets(ctx.app, user);
    const ids = list.map((wallet) => wallet.id);
    const addresses = [...list.map((wallet) => wallet.address), externalAddress('eth_sepolia'), externalAddress('solana_devnet')];
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(...addresses),
      fc.constantFrom(...addresses).map((address) => address.slice(0, -1)),
      fc.constantFrom(...addresses).map((address) => `${address}0`),
    );
    // Amounts are either obviously affordable-or-invalid or far beyond the balance, never near the fee boundary.
    const amount = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('0', '-5', '1e2', '0x10', '1,5', ' ', '.', '150', '250.5', '1'.repeat(60), '0.0000000000000000001', 'NaN', 'Infinity'),
      fc.integer({ min: 101, max: 10 ** 9 }).map(String),
    );
    const body = fc.oneof(
      fc.record(
        {
          walletId: fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ maxLength: 40 })),
          to: text,
          amount: fc.oneof(amount, fc.integer(), fc.constant(null)),
          speed: fc.oneof(fc.constantFrom('slow', 'normal', 'fast', 'warp'), fc.integer()),
          quoteId: fc.oneof(fc.uuid(), fc.string({ maxLength: 140 }), fc.integer()),
          feeQuoteId: fc.oneof(fc.string({ maxLength: 140 }), fc.integer()),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const response = await postSend(ctx.app, user, input as Record<string, unknown>);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        // Fastify refuses prototype-poisoning keys while parsing, before any schema sees the body (a key: a value may be "__proto__").
        if (/"(__proto__|constructor)":/.test(JSON.stringify(input) ?? '')) {
          expect(response.statusCode).toBe(400);
          return;
        }
        const parsed = sendRequestSchema.safeParse(input);
        if (!parsed.success) {
          const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
          expect(response.json().error.message).toBe(isObject ? parsed.error.issues[0]?.message : 'Request body must be a JSON object');
          return;
        }
        const wallet = list.find((candidate) => candidate.id === parsed.data.walletId);
        // A firm quote is checked after the wallet and the asset, before the amount (docs/product.md#sending): these are unknown.
        if (wallet && parsed.data.quoteId !== undefined && assetForSend(wallet.network, parsed.data.asset).ok) {
          expect(response.json().error.message).toBe(QUOTE_MESSAGES.notFound);
          return;
        }
        const expected = checkSend({
          network: wallet?.network,
          from: wallet?.address,
          balances: wallet ? Object.fromEntries(wallet.balances.map((entry) => [entry.asset, BigInt(entry.balanceUnits)])) : undefined,
          asset: parsed.data.asset,
          amount: parsed.data.amount,
          fee: 0n,
          to: parsed.data.to,
        });
        expect(expected.ok).toBe(false);
        if (!expected.ok) expect(response.json().error.message).toBe(expected.message);
      }),
      { numRuns: kind === 'pglite' ? 150 : 100 },
    );
    for (const raw of ['', 'not json', '[]', 'null', '"text"', '{"walletId":']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: { cookie: user.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID(), origin: 'http://localhost:3000' },
        payload: raw,
      });
      expect(response.statusCode, raw).toBe(400);
    }
    expect((await listWallets(ctx.app, user)).map((wallet) => wallet.balance)).toEqual(['100.0000', '100.0000', '100.0000']);
    const [sent] = await ctx.database.db.select({ count: count() }).from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, 'send')));
    expect(sent?.count).toBe(0);
  });
});

describeEachDatabase('send rate limit', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { sendPerUser: 3 } });

  it('allows a few sends a minute per user, then answers 429; replays are free and still answered', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const firstBody = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '0.1' };
    const firstKey = randomUUID();
    const first = await postSend(ctx.app, user, firstBody, firstKey);
    expect(first.statusCode).toBe(201);
    // Replays of the first send do not count against the limit.
    for (let i = 0; i < 3; i += 1) expect((await postSend(ctx.app, user, firstBody, firstKey)).json()).toEqual(first.json());
    const responses = [];
    for (let i = 0; i < 3; i += 1) {
      responses.push(await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '0.1' }));
    }
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 429]);
    expect(responses[2]!.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many transactions\. Please wait \d+ (seconds?|minute) and try again\.$/),
    });
    // Over the limit, a replay still gets its stored answer, and the refused send wrote nothing.
    expect((await postSend(ctx.app, user, firstBody, firstKey)).json()).toEqual(first.json());
    const [sent] = await ctx.database.db.select({ count: count() }).from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, 'send')));
    expect(sent?.count).toBe(3);
    const { user: other } = await fundedUser(ctx);
    const otherWallet = await walletOn(ctx.app, other, 'eth_sepolia');
    expect((await postSend(ctx.app, other, { walletId: otherWallet.id, to: externalAddress('eth_sepolia'), amount: '0.1' })).statusCode).toBe(201);
  });
});
