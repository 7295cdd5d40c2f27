import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  feeQuotesResponseSchema,
  LIVE_FACTOR_REFRESH_MS,
  parseAmount,
  parseRate,
  paymentQuoteSchema,
  pricePayment,
  QUOTE_MESSAGES,
  SEND_MESSAGES,
  transactionDetailSchema,
  type CreateQuoteRequestInput,
  type PaymentQuote,
  type SendResponse,
} from '@fincrypt/domain';
import { count, eq, inArray } from 'drizzle-orm';
import type { Hex } from 'viem';
import { expect, it, vi } from 'vitest';
import { idempotencyKeys, paymentQuotes, transactions } from '../../db/schema.ts';
import { deleteUnusedQuotesExpiredBefore, UNUSED_QUOTE_RETENTION_MS } from '../../payments/quotes.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, storedBalances, walletOn } from '../../test/ledger-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const ETH = 10n ** 18n;
const QUOTE_LIMIT = 8;

describeEachDatabase('firm quotes and sends that honour them', (kind) => {
  // The price service's clock is the test's: moving it moves the simulated feed's prices.
  let priceNowMs = Date.now();
  const ctx = useTestApp(kind, { rateLimits: { quotePerUser: QUOTE_LIMIT }, app: { prices: { now: () => priceNowMs } } });

  const postQuote = (user: TestUser, body: CreateQuoteRequestInput | Record<string, unknown>) =>
    call(ctx.app, 'POST', '/api/quotes', { cookie: user.cookie, body });
  const quoteFor = async (user: TestUser, body: CreateQuoteRequestInput): Promise<PaymentQuote> => {
    const response = await postQuote(user, body);
    expect(response.statusCode, response.body).toBe(201);
    return paymentQuoteSchema.parse(response.json());
  };
  /** The send a quote fixes, as the form sends it back. */
  const sendOf = (quote: PaymentQuote) => ({ walletId: quote.walletId, to: quote.to, asset: quote.asset, amount: quote.amount, speed: quote.speed, quoteId: quote.id });
  const ledgerState = async (walletIds: string[]) => ({
    eth: await storedBalances(ctx.database.db, walletIds, 'ETH'),
    usdc: await storedBalances(ctx.database.db, walletIds, 'USDC'),
    rows: (await ctx.database.db.select({ count: count() }).from(transactions).where(inArray(transactions.walletId, walletIds)))[0]!.count,
  });
  const storedQuote = async (id: string) => (await ctx.database.db.select().from(paymentQuotes).where(eq(paymentQuotes.id, id)))[0];

  it('quotes a payment in fiat with exact units, both sides, the rates, the comparison and an expiry', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const quote = await quoteFor(user, { walletId: wallet.id, to: to.toLowerCase(), amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', speed: 'fast' });
    expect(quote).toMatchObject({ walletId: wallet.id, network: 'eth_sepolia', asset: 'ETH', feeSymbol: 'ETH', from: wallet.address, to, speed: 'fast', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', fxMarkupPercent: '0', valueInFlight: 'market' });
    // The sender fixed ₹10,000: the asset bought never costs more than that (rounded down, then valued rounded up).
    expect(BigInt(quote.sender.amountMinor)).toBeLessThanOrEqual(1_000_000n);
    expect(BigInt(quote.sender.amountMinor)).toBeGreaterThan(999_900n);
    expect(BigInt(quote.sender.totalMinor)).toBe(BigInt(quote.sender.amountMinor) + BigInt(quote.sender.feeMinor));
    expect(quote.debits).toEqual([{ asset: 'ETH', amount: expect.any(String), amountUnits: (BigInt(quote.amountUnits) + BigInt(quote.feeUnits)).toString() }]);
    expect(quote.rates.source).toBe('simulated');
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.createdAt).getTime()).toBe(ctx.config.quotes.ttlMs);
    expect(quote.comparison.rows.map((row) => row.id)).toEqual(['this-payment', 'bank', 'global-average']);
    // One fee figure: the table's share of the amount is the summary's.
    expect(quote.comparison.rows[0]!.costPercent).toBe(quote.feePercent);
    expect(quote.comparison.currency).toBe('inr');
    expect(quote.comparison.source.asOf).toBe('2023-09-30');
    // The same function the browser uses gives the same figures from the quote's own rates.
    const scale = (text: string) => parseRate(text)!;
    const again = pricePayment({
      fixed: 'sender',
      amount: '10000',
      assetDecimals: 18,
      feeDecimals: 18,
      feeUnits: BigInt(quote.feeUnits),
      senderCurrency: 'inr',
      recipientCurrency: 'eur',
      rates: {
        assetToSender: scale(quote.rates.assetToSender),
        assetToRecipient: scale(quote.rates.assetToRecipient),
        assetToUsd: scale(quote.rates.assetToUsd),
        feeAssetToSender: scale(quote.rates.feeAssetToSender),
        feeAssetToUsd: scale(quote.rates.feeAssetToUsd),
      },
    });
    expect(again).toMatchObject({ ok: true, amountUnits: BigInt(quote.amountUnits), recipientAmountMinor: BigInt(quote.recipient.amountMinor), usdCents: BigInt(quote.usdCents), feePercent: quote.feePercent });

    // "They receive €100": the recipient never gets less.
    const fixedRecipient = await quoteFor(user, { walletId: wallet.id, to, amount: '100', fixed: 'recipient', senderCurrency: 'inr', recipientCurrency: 'eur' });
    expect(BigInt(fixedRecipient.recipient.amountMinor)).toBeGreaterThanOrEqual(10_000n);
    // A stablecoin's value does not move in flight; its fee is in the coin.
    const usdc = await quoteFor(user, { walletId: wallet.id, to, asset: 'USDC', amount: '25', senderCurrency: 'usd', recipientCurrency: 'usd' });
    expect(usdc).toMatchObject({ asset: 'USDC', feeSymbol: 'ETH', amountUnits: '25000000', valueInFlight: 'stable' });
    expect(usdc.debits.map((debit) => debit.asset)).toEqual(['USDC', 'ETH']);
  });

  it('gives ₹1,000 the same euros whichever asset carries it: one cross rate, and a markup line that says so', async () => {
    const { user } = await fundedUser(ctx);
    const body = { amount: '1000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur' } as const;
    const carriers = [
      { network: 'eth_sepolia', asset: 'ETH' },
      { network: 'eth_sepolia', asset: 'USDC' },
      { network: 'polygon_amoy', asset: 'MATIC' },
      { network: 'solana_devnet', asset: 'SOL' },
      { network: 'solana_devnet', asset: 'USDC' },
    ] as const;
    const quotes: PaymentQuote[] = [];
    for (const { network, asset } of carriers) {
      const wallet = await walletOn(ctx.app, user, network);
      quotes.push(await quoteFor(user, { ...body, walletId: wallet.id, to: externalAddress(network), asset }));
    }
    // Every asset's rupee and euro prices follow its dollar price through one FX table: the rupee's euro rate is one.
    expect(new Set(quotes.map((quote) => quote.rates.senderToRecipient))).toEqual(new Set([quotes[0]!.rates.senderToRecipient]));
    for (const quote of quotes) {
      expect(quote.fxMarkupPercent).toBe('0');
      // ₹1,000 at that rate, less at most a cent for rounding down to whole units of the asset and of the euro.
      const atRate = 100_000 * Number(quote.rates.senderToRecipient);
      expect(Number(quote.recipient.amountMinor)).toBeLessThanOrEqual(Math.floor(atRate));
      expect(Number(quote.recipient.amountMinor)).toBeGreaterThanOrEqual(Math.floor(atRate) - 1);
    }
  });

  it('sends exactly the quoted amount and fee even after the price moved, keeps the values, and stamps the quote used', async () => {
    const { user: alice } = await fundedUser(ctx);
    const bob = await signUp(ctx.app);
    expect((await call(ctx.app, 'PUT', '/api/account/currency', { cookie: bob.cookie, body: { currency: 'eur' } })).statusCode).toBe(200);
    const from = await walletOn(ctx.app, alice, 'eth_sepolia');
    const to = await walletOn(ctx.app, bob, 'eth_sepolia');
    const quote = await quoteFor(alice, { walletId: from.id, to: to.address, amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', speed: 'normal' });

    // A day later on the feed's clock: the price has moved, and a new quote for ₹10,000 buys a different amount.
    const before = (await ctx.app.prices.getSnapshot()).prices.ethereum.prices.inr;
    priceNowMs += 24 * 60 * 60_000;
    const after = (await ctx.app.prices.getSnapshot()).prices.ethereum.prices.inr;
    expect(after).not.toBe(before);
    const requote = await quoteFor(alice, { walletId: from.id, to: to.address, amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur', speed: 'normal' });
    expect(requote.amountUnits).not.toBe(quote.amountUnits);

    const response = await postSend(ctx.app, alice, sendOf(quote));
    expect(response.statusCode, response.body).toBe(201);
    const sent: SendResponse = response.json();
    expect(sent.transaction).toMatchObject({
      amountUnits: quote.amountUnits,
      feeUnits: quote.feeUnits,
      effectiveGasPrice: quote.gasPriceWei,
      quoteId: quote.id,
      valueAtSend: { senderCurrency: 'inr', senderMinor: quote.sender.amountMinor, recipientCurrency: 'eur', recipientMinor: quote.recipient.amountMinor, usdCents: quote.usdCents, source: 'simulated' },
    });
    expect((await storedBalances(ctx.database.db, [from.id], 'ETH')).get(from.id)).toBe(100n * ETH - BigInt(quote.amountUnits) - BigInt(quote.feeUnits));
    const stamped = await storedQuote(quote.id);
    expect(stamped?.usedAt).not.toBeNull();
    expect(stamped?.transactionId).toBe(sent.transaction.id);

    // The recipient's row keeps the same values; the detail shows the quote and a timeline that starts with it.
    const bobDetail = await call(ctx.app, 'GET', `/api/transactions/${sent.transaction.hash}`, { cookie: bob.cookie });
    expect(bobDetail.statusCode).toBe(200);
    const detail = transactionDetailSchema.parse(bobDetail.json());
    expect(detail).toMatchObject({ type: 'receive', quoteId: quote.id, valueAtSend: sent.transaction.valueAtSend });
    expect(detail.quote).toMatchObject({ id: quote.id, from: from.address, amountUnits: quote.amountUnits, createdAt: quote.createdAt });
    expect(detail.timeline.map((step) => step.kind).slice(0, 3)).toEqual(['quoted', 'broadcast', 'included']);
    expect(detail.timeline[0]).toMatchObject({ done: true, at: quote.createdAt });
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'final', done: false });
    const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${sent.transaction.hash}`);
    expect(explorer.json()).toMatchObject({ usdValueAtSendCents: quote.usdCents });
    expect(explorer.json().timeline[0]).toMatchObject({ kind: 'quoted', at: quote.createdAt });
    expect(JSON.stringify(explorer.json())).not.toMatch(/"eur"|"inr"/);
    await expectLedgerBalanced(ctx.database.db);

    // On the chain: the quoted amount exactly, to Bob; the quoted fee was the cap, and the receipt's fee is what is kept.
    await includePending(ctx);
    const hash = sent.transaction.hash as Hex;
    const [onChain, receipt] = await Promise.all([ctx.testChain.chain.client.getTransaction({ hash }), ctx.testChain.chain.client.getTransactionReceipt({ hash })]);
    expect(receipt.status).toBe('success');
    expect([onChain.to?.toLowerCase(), onChain.value]).toEqual([to.address.toLowerCase(), BigInt(quote.amountUnits)]);
    const charged = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(charged).toBeLessThanOrEqual(BigInt(quote.feeUnits));
    expect((await storedBalances(ctx.database.db, [from.id], 'ETH')).get(from.id)).toBe(100n * ETH - BigInt(quote.amountUnits) - charged);
    expect((await storedBalances(ctx.database.db, [to.id], 'ETH')).get(to.id)).toBe(100n * ETH + BigInt(quote.amountUnits));
    await expectLedgerBalanced(ctx.database.db);
  });

  it('keeps the value at send of a send without a quote, in the sender\'s and the recipient owner\'s currencies', async () => {
    const { user: alice } = await fundedUser(ctx);
    const bob = await signUp(ctx.app);
    const carol = await signUp(ctx.app);
    await call(ctx.app, 'PUT', '/api/account/currency', { cookie: carol.cookie, body: { currency: 'gbp' } });
    const from = await walletOn(ctx.app, alice, 'eth_sepolia');
    const snapshot = await ctx.app.prices.getSnapshot();
    const eth = snapshot.prices.ethereum.prices;

    // Alice chose nothing (INR); Bob chose nothing (Alice's currency then).
    const toBob = await postSend(ctx.app, alice, { walletId: from.id, to: (await walletOn(ctx.app, bob, 'eth_sepolia')).address, amount: '1' });
    expect(toBob.statusCode).toBe(201);
    const bobValue = toBob.json().transaction.valueAtSend;
    expect(bobValue).toMatchObject({ senderCurrency: 'inr', recipientCurrency: 'inr', source: 'simulated' });
    expect(Number(bobValue.senderMinor) / 100).toBeCloseTo(eth.inr, 0);
    expect(Number(bobValue.usdCents) / 100).toBeCloseTo(eth.usd, 0);

    // Carol chose pounds; an external address gets the sender's currency.
    await call(ctx.app, 'PUT', '/api/account/currency', { cookie: alice.cookie, body: { currency: 'jpy' } });
    const toCarol = await postSend(ctx.app, alice, { walletId: from.id, to: (await walletOn(ctx.app, carol, 'eth_sepolia')).address, amount: '0.5' });
    expect(toCarol.json().transaction.valueAtSend).toMatchObject({ senderCurrency: 'jpy', recipientCurrency: 'gbp' });
    expect(Number(toCarol.json().transaction.valueAtSend.recipientMinor) / 100).toBeCloseTo(eth.gbp / 2, 0);
    // Carol's grants on the chain are rows of hers too: her receives only.
    const carolRows = (await call(ctx.app, 'GET', '/api/transactions?type=receive', { cookie: carol.cookie })).json().items;
    expect(carolRows[0]).toMatchObject({ type: 'receive', quoteId: null, valueAtSend: toCarol.json().transaction.valueAtSend });
    const outside = await postSend(ctx.app, alice, { walletId: from.id, to: externalAddress('eth_sepolia'), amount: '0.1' });
    expect(outside.json().transaction.valueAtSend).toMatchObject({ senderCurrency: 'jpy', recipientCurrency: 'jpy' });
    // The detail of a send without a quote starts at the broadcast, with its quote null.
    const detail = (await call(ctx.app, 'GET', `/api/transactions/${outside.json().transaction.hash}`, { cookie: alice.cookie })).json();
    expect(detail.quote).toBeNull();
    expect(detail.timeline[0]).toMatchObject({ kind: 'broadcast', done: true });
    const explorer = (await call(ctx.app, 'GET', `/api/explorer/tx/${outside.json().transaction.hash}`)).json();
    expect(explorer.usdValueAtSendCents).toBe(outside.json().transaction.valueAtSend.usdCents);
    expect(explorer.timeline[0]).toMatchObject({ kind: 'broadcast' });

    // A faucet claim is a mint: no value at send, as for rows from before values were kept.
    const claimed = await call(ctx.app, 'POST', `/api/wallets/${from.id}/faucet`, { cookie: alice.cookie });
    expect(claimed.statusCode).toBe(201);
    const mintHash = claimed.json().transactions[0].hash;
    const mint = (await call(ctx.app, 'GET', `/api/transactions/${mintHash}`, { cookie: alice.cookie })).json();
    expect(mint).toMatchObject({ type: 'mint', quoteId: null, valueAtSend: null, quote: null });
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/${mintHash}`)).json().usdValueAtSendCents).toBeNull();
  });

  it('refuses an expired, used, unknown, foreign or mismatched quote with its message and changes nothing', async () => {
    const { user: alice } = await fundedUser(ctx);
    const mallory = await signUp(ctx.app);
    const from = await walletOn(ctx.app, alice, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const base = { walletId: from.id, to, amount: '0.25', senderCurrency: 'inr', recipientCurrency: 'usd' } as const;
    const expectRefused = async (body: Record<string, unknown>, status: number, code: string, message: string, user: TestUser = alice, key = randomUUID()) => {
      const state = await ledgerState([from.id]);
      const response = await postSend(ctx.app, user, body, key);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error).toEqual({ code, message });
      expect(await ledgerState([from.id])).toEqual(state);
      // Not even the Idempotency-Key is kept: the same key may carry a fresh quote.
      expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
      return key;
    };

    const expired = await quoteFor(alice, base);
    await ctx.database.db.update(paymentQuotes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(paymentQuotes.id, expired.id));
    const key = await expectRefused(sendOf(expired), 409, 'QUOTE_EXPIRED', QUOTE_MESSAGES.expired);
    expect(QUOTE_MESSAGES.expired).toBe('This quote has expired. Get a new quote.');
    expect((await storedQuote(expired.id))?.usedAt).toBeNull();
    // The same key with a new quote goes through.
    const fresh = await quoteFor(alice, base);
    expect((await postSend(ctx.app, alice, sendOf(fresh), key)).statusCode).toBe(201);
    // ...and a retry of it gets the stored answer, not a refusal for a used quote.
    expect((await postSend(ctx.app, alice, sendOf(fresh), key)).statusCode).toBe(201);

    await expectRefused(sendOf(fresh), 409, 'QUOTE_USED', QUOTE_MESSAGES.used);
    await expectRefused({ ...sendOf(fresh), quoteId: randomUUID() }, 404, 'QUOTE_NOT_FOUND', QUOTE_MESSAGES.notFound);
    const other = await quoteFor(alice, base);
    const malloryWallet = await walletOn(ctx.app, mallory, 'eth_sepolia');
    await expectRefused({ ...sendOf(other), walletId: malloryWallet.id }, 404, 'QUOTE_NOT_FOUND', QUOTE_MESSAGES.notFound, mallory);
    for (const changed of [{ amount: '0.2500001' }, { to: externalAddress('eth_sepolia') }, { speed: other.speed === 'fast' ? 'slow' : 'fast' }, { asset: 'USDC' }]) {
      await expectRefused({ ...sendOf(other), ...changed }, 400, 'QUOTE_MISMATCH', QUOTE_MESSAGES.mismatch);
    }
    const sol = await walletOn(ctx.app, alice, 'solana_devnet');
    await expectRefused({ ...sendOf(other), walletId: sol.id, asset: undefined, to: externalAddress('solana_devnet') }, 400, 'QUOTE_MISMATCH', QUOTE_MESSAGES.mismatch);
    // The untouched quote still works.
    expect((await postSend(ctx.app, alice, sendOf(other))).statusCode).toBe(201);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('makes exactly one payment from concurrent sends of one quote', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const quote = await quoteFor(user, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1.5', senderCurrency: 'usd', recipientCurrency: 'usd' });
    const responses = await Promise.all(Array.from({ length: 6 }, () => postSend(ctx.app, user, sendOf(quote))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json().error.code).toBe('QUOTE_USED');
    const rows = await ctx.database.db.select().from(transactions).where(eq(transactions.quoteId, quote.id));
    expect(rows).toHaveLength(1);
    expect((await storedBalances(ctx.database.db, [wallet.id], 'ETH')).get(wallet.id)).toBe(100n * ETH - 15n * ETH / 10n - BigInt(quote.feeUnits));
    await expectLedgerBalanced(ctx.database.db);
    // One payment on the chain too: the recipient holds the quoted amount once.
    await includePending(ctx);
    expect(await ctx.testChain.chain.client.getBalance({ address: quote.to as Hex })).toBe(15n * ETH / 10n);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses every bad quote request with a 4xx and a clear message', async () => {
    // Funded, so only the balance cases are refused for the balance.
    const { user } = await fundedUser(ctx);
    const other = await signUp(ctx.app);
    const eth = await walletOn(ctx.app, user, 'eth_sepolia');
    const sol = await walletOn(ctx.app, user, 'solana_devnet');
    const otherWallet = await walletOn(ctx.app, other, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const base = { walletId: eth.id, to, amount: '1', senderCurrency: 'inr', recipientCurrency: 'eur' };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...base, amount: '0' }, 400, 'VALIDATION_ERROR', SEND_MESSAGES.enterValidAmount],
      [{ ...base, amount: '-5' }, 400, 'VALIDATION_ERROR', SEND_MESSAGES.enterValidAmount],
      [{ ...base, amount: '0', fixed: 'sender' }, 400, 'VALIDATION_ERROR', SEND_MESSAGES.enterValidAmount],
      [{ ...base, amount: '100' }, 400, 'INSUFFICIENT_BALANCE', SEND_MESSAGES.insufficientBalance],
      [{ ...base, amount: '100000000', fixed: 'sender' }, 400, 'INSUFFICIENT_BALANCE', SEND_MESSAGES.insufficientBalance],
      [{ ...base, asset: 'USDC', amount: '1000000000' }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient USDC balance'],
      [{ ...base, amount: (2n ** 256n).toString() }, 400, 'VALIDATION_ERROR', QUOTE_MESSAGES.amountTooLarge],
      [{ ...base, amount: `${2n ** 256n}.5`, fixed: 'sender' }, 400, 'VALIDATION_ERROR', QUOTE_MESSAGES.amountTooLarge],
      [{ ...base, amount: '0.0000000000000000001' }, 400, 'INVALID_AMOUNT', 'Amount has more decimal places than ETH allows (at most 18)'],
      [{ ...base, amount: '10.001', fixed: 'sender' }, 400, 'INVALID_AMOUNT', 'Amount has more decimal places than INR allows (at most 2)'],
      [{ ...base, amount: '10.5', fixed: 'recipient', recipientCurrency: 'jpy' }, 400, 'INVALID_AMOUNT', 'Amount in JPY must be a whole number'],
      [{ ...base, senderCurrency: 'xyz' }, 400, 'VALIDATION_ERROR', QUOTE_MESSAGES.unknownCurrency],
      [{ ...base, recipientCurrency: 'BTC' }, 400, 'VALIDATION_ERROR', QUOTE_MESSAGES.unknownCurrency],
      [{ ...base, walletId: otherWallet.id }, 404, 'WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound],
      [{ ...base, walletId: randomUUID() }, 404, 'WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound],
      [{ ...base, to: sol.address }, 400, 'INVALID_RECIPIENT', SEND_MESSAGES.invalidRecipient],
      [{ ...base, walletId: sol.id }, 400, 'INVALID_RECIPIENT', SEND_MESSAGES.invalidRecipient],
      [{ ...base, to: 'nonsense' }, 400, 'INVALID_RECIPIENT', SEND_MESSAGES.invalidRecipient],
      [{ ...base, to: eth.address }, 400, 'SAME_WALLET', SEND_MESSAGES.sameWallet],
      [{ ...base, asset: 'DOGE' }, 400, 'INVALID_ASSET', API_ERRORS.INVALID_ASSET.messages.unknownAsset('DOGE')],
      [{ ...base, fixed: 'both' }, 400, 'VALIDATION_ERROR', expect.any(String) as unknown as string],
    ];
    // Several users, so the cases stay under the per-user quote limit: each case on the caller's own wallets.
    let caller = { user, eth, sol };
    for (const [index, [body, status, code, message]] of cases.entries()) {
      if (index > 0 && index % (QUOTE_LIMIT - 1) === 0) {
        const { user: next } = await fundedUser(ctx);
        caller = { user: next, eth: await walletOn(ctx.app, next, 'eth_sepolia'), sol: await walletOn(ctx.app, next, 'solana_devnet') };
      }
      const own = (value: unknown) =>
        value === eth.id ? caller.eth.id : value === sol.id ? caller.sol.id : value === eth.address ? caller.eth.address : value === sol.address ? caller.sol.address : value;
      const request = { ...body, walletId: own(body.walletId), to: own(body.to) };
      const response = await postQuote(caller.user, request);
      expect(response.statusCode, `${JSON.stringify(request)}: ${response.body}`).toBe(status);
      expect(response.json().error).toEqual({ code, message });
    }
    expect((await call(ctx.app, 'POST', '/api/quotes', { body: base })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(paymentQuotes).where(eq(paymentQuotes.userId, user.id))).toEqual([]);
  });

  it('limits quotes per user', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1', senderCurrency: 'inr', recipientCurrency: 'inr' };
    for (let i = 0; i < QUOTE_LIMIT; i += 1) expect((await postQuote(user, body)).statusCode).toBe(201);
    const refused = await postQuote(user, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/^Too many quotes\. Please wait/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user is not affected.
    const { user: other } = await fundedUser(ctx);
    const otherWallet = await walletOn(ctx.app, other, 'eth_sepolia');
    expect((await postQuote(other, { ...body, walletId: otherWallet.id })).statusCode).toBe(201);
  });

  it('deletes unused quotes a bounded time after they expire, and keeps used ones', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '0.1', senderCurrency: 'usd', recipientCurrency: 'usd' } as const;
    const [stale, recent, used] = [await quoteFor(user, body), await quoteFor(user, body), await quoteFor(user, body)];
    expect((await postSend(ctx.app, user, sendOf(used))).statusCode).toBe(201);
    const longAgo = new Date(Date.now() - UNUSED_QUOTE_RETENTION_MS - 60_000);
    await ctx.database.db.update(paymentQuotes).set({ expiresAt: longAgo }).where(inArray(paymentQuotes.id, [stale.id, used.id]));
    await ctx.database.db.update(paymentQuotes).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(paymentQuotes.id, recent.id));
    expect(await deleteUnusedQuotesExpiredBefore(ctx.database.db, new Date(Date.now() - UNUSED_QUOTE_RETENTION_MS))).toBeGreaterThanOrEqual(1);
    expect(await storedQuote(stale.id)).toBeUndefined();
    expect(await storedQuote(recent.id)).toBeDefined();
    expect(await storedQuote(used.id)).toBeDefined();
  });

  it('suggests the recipient owner\'s chosen currency, and nothing else about them', async () => {
    const payer = await signUp(ctx.app);
    const payee = await signUp(ctx.app);
    const payeeWallet = await walletOn(ctx.app, payee, 'eth_sepolia');
    const ask = (network: string, address: string) =>
      call(ctx.app, 'GET', `/api/recipients/currency?network=${network}&address=${encodeURIComponent(address)}`, { cookie: payer.cookie });
    expect((await ask('eth_sepolia', payeeWallet.address)).json()).toEqual({ currency: null });
    const saved = await call(ctx.app, 'PUT', '/api/account/currency', { cookie: payee.cookie, body: { currency: 'eur' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: payee.id, displayCurrency: 'eur' });
    expect((await ask('eth_sepolia', payeeWallet.address)).json()).toEqual({ currency: 'eur' });
    // Any spelling of the address finds it, on Amoy too (one EVM address per user); a network where it is no address,
    // an unknown or an invalid address finds nothing.
    expect((await ask('eth_sepolia', payeeWallet.address.toLowerCase())).json()).toEqual({ currency: 'eur' });
    expect((await ask('polygon_amoy', payeeWallet.address)).json()).toEqual({ currency: 'eur' });
    expect((await ask('solana_devnet', payeeWallet.address)).json()).toEqual({ currency: null });
    expect((await ask('eth_sepolia', externalAddress('eth_sepolia'))).json()).toEqual({ currency: null });
    expect((await ask('eth_sepolia', 'nonsense')).json()).toEqual({ currency: null });
    expect((await ask('mars', payeeWallet.address)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `/api/recipients/currency?network=eth_sepolia&address=${payeeWallet.address}`)).statusCode).toBe(401);
  });

  it("fixes the fee of the fee quote the form showed while it is fresh, so MAX at that fee can be quoted after the live fee moved", async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const feeQuotes = feeQuotesResponseSchema.parse((await call(ctx.app, 'GET', `/api/fees?walletId=${wallet.id}`, { cookie: user.cookie })).json());
    const shown = feeQuotes.quotes.find((quote) => quote.speed === 'normal')!;
    const max = { walletId: wallet.id, to, amount: shown.maxSendable, fixed: 'asset', senderCurrency: 'usd', recipientCurrency: 'usd', speed: 'normal' } as const;
    let hash: Hex = '0x';
    // Only the clock moves (timers stay real): on to a 15 s window whose live fee is another, within the fee quote's minute.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      let current: PaymentQuote | undefined;
      for (let window = 1; window <= 3 && (current === undefined || current.gasPriceWei === shown.gasPriceWei); window += 1) {
        vi.setSystemTime(new Date(shown.quotedAt).getTime() + window * LIVE_FACTOR_REFRESH_MS);
        const response = await postQuote(user, { ...max, amount: '0.001' });
        expect(response.statusCode, response.body).toBe(201);
        current = paymentQuoteSchema.parse(response.json());
      }
      expect(current?.gasPriceWei).not.toBe(shown.gasPriceWei);
      const quote = await quoteFor(user, { ...max, feeQuoteId: shown.quoteId });
      // MAX as the form shows it (cut to 8 decimals) is what the quote moves, at the fee the form showed.
      // (compared in units: the fee API pads MAX to 8 places, the quote trims trailing zeros).
      const maxUnits = parseAmount(shown.maxSendable, 18);
      expect(maxUnits.ok).toBe(true);
      expect(quote).toMatchObject({ gasPriceWei: shown.gasPriceWei, feeUnits: shown.feeUnits, amountUnits: maxUnits.ok ? maxUnits.units.toString() : '' });
      const sent = await postSend(ctx.app, user, sendOf(quote));
      expect(sent.statusCode, sent.body).toBe(201);
      expect((sent.json() as SendResponse).transaction.feeUnits).toBe(shown.feeUnits);
      hash = (sent.json() as SendResponse).transaction.hash as Hex;
    } finally {
      vi.useRealTimers();
    }
    // The node holds the sender to amount + gas × the fee cap the form showed: it includes the send.
    await includePending(ctx);
    expect((await ctx.testChain.chain.client.getTransactionReceipt({ hash })).status).toBe('success');
  });

  it('names cheaper networks where the recipient has a wallet when the fee is high: theirs on FinCrypt, or a contact of the same name', async () => {
    const { user: sender } = await fundedUser(ctx);
    const recipient = await signUp(ctx.app);
    const [sepolia] = [await walletOn(ctx.app, sender, 'eth_sepolia')];
    const theirSepolia = await walletOn(ctx.app, recipient, 'eth_sepolia');
    const theirSolana = await walletOn(ctx.app, recipient, 'solana_devnet');
    // ₹100 of USDC on Sepolia: 65,000 gas of ETH costs more than the payment.
    const body = { walletId: sepolia.id, asset: 'USDC', amount: '100', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'inr' } as const;
    const quote = await quoteFor(sender, { ...body, to: theirSepolia.address });
    expect(Number(quote.feePercent)).toBeGreaterThan(100);
    const alternatives = quote.cheaperNetworks ?? [];
    expect(alternatives.map((alternative) => alternative.network)).toContain('solana_devnet');
    expect(alternatives.find((alternative) => alternative.network === 'solana_devnet')).toMatchObject({ to: theirSolana.address, asset: 'USDC', via: 'user' });
    for (const alternative of alternatives) expect(BigInt(alternative.feeMinor)).toBeLessThan(BigInt(quote.sender.feeMinor));
    expect(alternatives.map((alternative) => BigInt(alternative.feeMinor))).toEqual([...alternatives.map((alternative) => BigInt(alternative.feeMinor))].sort((a, b) => (a < b ? -1 : 1)));

    // An outside recipient saved as a contact on two networks: the other one is named.
    const solanaOutside = externalAddress('solana_devnet');
    const sepoliaOutside = externalAddress('eth_sepolia');
    for (const [network, address] of [['eth_sepolia', sepoliaOutside], ['solana_devnet', solanaOutside]] as const) {
      const saved = await call(ctx.app, 'POST', '/api/contacts', { cookie: sender.cookie, body: { network, address, name: 'Landlord' } });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const toContact = await quoteFor(sender, { ...body, to: sepoliaOutside });
    expect(toContact.cheaperNetworks).toEqual([expect.objectContaining({ network: 'solana_devnet', to: solanaOutside, via: 'contact' })]);
    // A fee below 10 % names nothing.
    const large = await quoteFor(sender, { ...body, amount: '50000', to: theirSepolia.address });
    expect(Number(large.feePercent)).toBeLessThan(10);
    expect(large.cheaperNetworks).toBeUndefined();
  });

  it('reads currency codes in either case, answering them in lower case', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const quote = await quoteFor(user, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '100', fixed: 'sender', senderCurrency: 'INR', recipientCurrency: ' Eur ' });
    expect(quote).toMatchObject({ senderCurrency: 'inr', recipientCurrency: 'eur' });
    const saved = await call(ctx.app, 'PUT', '/api/account/currency', { cookie: user.cookie, body: { currency: 'GBP' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ displayCurrency: 'gbp' });
    const unknown = await call(ctx.app, 'PUT', '/api/account/currency', { cookie: user.cookie, body: { currency: 'XAU' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(QUOTE_MESSAGES.unknownCurrency);
  });

  it('keeps the display currency on the account', async () => {
    const user = await signUp(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).json()).toMatchObject({ displayCurrency: null });
    const refused = await call(ctx.app, 'PUT', '/api/account/currency', { cookie: user.cookie, body: { currency: 'btc' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'VALIDATION_ERROR', message: QUOTE_MESSAGES.unknownCurrency });
    expect((await call(ctx.app, 'PUT', '/api/account/currency', { cookie: user.cookie, body: { currency: 'gbp' } })).json()).toMatchObject({ displayCurrency: 'gbp' });
    expect((await call(ctx.app, 'GET', '/api/account', { cookie: user.cookie })).json()).toMatchObject({ displayCurrency: 'gbp' });
    expect((await call(ctx.app, 'PUT', '/api/account/currency', { body: { currency: 'gbp' } })).statusCode).toBe(401);
  });
});

describeEachDatabase('firm quotes with a short life (QUOTE_TTL_SECONDS)', (kind) => {
  const TTL_MS = 400;
  const ctx = useTestApp(kind, { config: { quotes: { ttlMs: TTL_MS } } });

  it('honours a quote while it is fresh and refuses it once it has expired, changing nothing', async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const body = { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '2', fixed: 'sender', senderCurrency: 'usd', recipientCurrency: 'gbp' } as const;
    const ask = async () => paymentQuoteSchema.parse((await call(ctx.app, 'POST', '/api/quotes', { cookie: user.cookie, body })).json());
    const send = (quote: PaymentQuote) => postSend(ctx.app, user, { walletId: wallet.id, to: quote.to, amount: quote.amount, speed: quote.speed, quoteId: quote.id });

    const late = await ask();
    expect(new Date(late.expiresAt).getTime() - new Date(late.createdAt).getTime()).toBe(TTL_MS);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    const before = await storedBalances(ctx.database.db, [wallet.id], 'ETH');
    const refused = await send(late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'QUOTE_EXPIRED', message: 'This quote has expired. Get a new quote.' });
    expect(await storedBalances(ctx.database.db, [wallet.id], 'ETH')).toEqual(before);

    const fresh = await ask();
    const sent = await send(fresh);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().transaction).toMatchObject({ quoteId: fresh.id, amountUnits: fresh.amountUnits, feeUnits: fresh.feeUnits });
    await expectLedgerBalanced(ctx.database.db);
    // Only the fresh quote's payment reaches the chain, for its amount.
    await includePending(ctx);
    expect(await ctx.testChain.chain.client.getBalance({ address: fresh.to as Hex })).toBe(BigInt(fresh.amountUnits));
  });
});
