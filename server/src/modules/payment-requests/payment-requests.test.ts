import {
  API_ERRORS,
  encodePaymentRequestUri,
  paymentQuoteSchema,
  paymentRequestListSchema,
  paymentRequestViewSchema,
  publicPaymentRequestSchema,
  referenceToBase58,
  type CreatePaymentRequestInput,
  type PaymentRequestView,
  type SendRequestInput,
  type SendResponse,
} from '@fincrypt/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { paymentRequests, transactions } from '../../db/schema.ts';
import type { UserEvent } from '../../lib/event-bus.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, storedBalances, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const OPEN_MAX = 4;
const CREATE_LIMIT = 12;
const PAY_PAGE_LIMIT = 25;

describeEachDatabase('payment requests', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { paymentRequestPerUser: CREATE_LIMIT, payPagePerIp: PAY_PAGE_LIMIT },
    config: { paymentRequests: { openMax: OPEN_MAX } },
  });

  const createRequest = (user: TestUser, body: CreatePaymentRequestInput | Record<string, unknown>) =>
    call(ctx.app, 'POST', '/api/payment-requests', { cookie: user.cookie, body });
  const requestFor = async (user: TestUser, body: CreatePaymentRequestInput): Promise<PaymentRequestView> => {
    const response = await createRequest(user, body);
    expect(response.statusCode, response.body).toBe(201);
    return paymentRequestViewSchema.parse(response.json());
  };
  const listOf = async (user: TestUser) => {
    const response = await call(ctx.app, 'GET', '/api/payment-requests', { cookie: user.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return paymentRequestListSchema.parse(response.json()).requests;
  };
  // Each test reads the pay page from its own address, so the per-IP limit below counts only its own reads.
  const payPage = (id: string, remoteAddress = '198.51.100.1') => call(ctx.app, 'GET', `/api/pay/${id}`, { remoteAddress });
  const cancel = (user: TestUser, id: string) => call(ctx.app, 'POST', `/api/payment-requests/${id}/cancel`, { cookie: user.cookie });
  /** The send a pay page leads to: the payer's wallet on the request's network, its address, asset, amount and reference. */
  const paymentOf = (request: PaymentRequestView, walletId: string, overrides: Partial<SendRequestInput> = {}): SendRequestInput => ({
    walletId,
    to: request.address,
    asset: request.asset,
    amount: request.amount,
    reference: request.reference,
    ...overrides,
  });
  const storedRequest = async (id: string) => (await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;
  const captureEvents = () => {
    const seen: UserEvent[] = [];
    const stop = ctx.app.ledger.events.subscribe((event) => seen.push(event));
    return { seen, stop };
  };

  it('creates an asset request with a standard URI, a reference and a link; the pay page shows only what the requester chose', async () => {
    const alice = await signUp(ctx.app, { name: 'Alice Requester' });
    const wallet = await walletOn(ctx.app, alice, 'polygon_mumbai');
    const created = await requestFor(alice, { walletId: wallet.id, asset: 'usdc', amount: '25.5', note: '  Rent for May ', displayName: 'Ana S.' });
    expect(created).toMatchObject({
      status: 'open',
      walletId: wallet.id,
      network: 'polygon_mumbai',
      asset: 'USDC',
      address: wallet.address,
      amount: '25.5',
      amountUnits: '25500000',
      assetAmountIsIndicative: false,
      fiat: null,
      note: 'Rent for May',
      displayName: 'Ana S.',
      paidAt: null,
      cancelledAt: null,
      transactionHash: null,
      path: `/pay/${created.id}`,
    });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.reference).toMatch(/^[0-9a-f]{64}$/);
    expect(created.uri).toBe(
      encodePaymentRequestUri({ network: 'polygon_mumbai', address: wallet.address, asset: 'USDC', amountUnits: 25_500_000n, reference: created.reference }),
    );
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(24 * 60 * 60_000);

    const page = await payPage(created.id);
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json();
    expect(Object.keys(shown).sort()).toEqual(Object.keys(publicPaymentRequestSchema.shape).sort());
    expect(shown).toMatchObject({ id: created.id, status: 'open', displayName: 'Ana S.', address: wallet.address, amount: '25.5' });
    for (const secret of [alice.email, alice.name, alice.id, wallet.id]) expect(page.body).not.toContain(secret);

    // A Solana request carries the reference in base58, with the name as label and the note as message.
    const solana = await walletOn(ctx.app, alice, 'solana_devnet');
    const onSolana = await requestFor(alice, { walletId: solana.id, asset: 'SOL', amount: '1.5', note: 'Dinner', displayName: 'Ana S.', expiresInHours: 2 });
    expect(onSolana.uri).toBe(`solana:${solana.address}?amount=1.5&reference=${referenceToBase58(onSolana.reference)}&label=Ana%20S.&message=Dinner`);
    expect(new Date(onSolana.expiresAt).getTime() - new Date(onSolana.createdAt).getTime()).toBe(2 * 60 * 60_000);

    expect((await listOf(alice)).map((request) => request.id)).toEqual([onSolana.id, created.id]);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'not%20an%20id', 'a'.repeat(64), `${created.id}x`]) {
      const missing = await payPage(id);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.code).toBe('PAYMENT_REQUEST_NOT_FOUND');
    }
  });

  it('is paid by the send that carries its reference, once: the request, the rows and the requester’s live event', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'polygon_mumbai');
    const bobWallet = await walletOn(ctx.app, bob, 'polygon_mumbai');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '25', displayName: 'Alice' });

    // A payment to the right address without the reference does not pay it.
    const plain = await postSend(ctx.app, bob, { walletId: bobWallet.id, to: aliceWallet.address, asset: 'USDC', amount: '25' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await payPage(request.id, '198.51.100.2')).json().status).toBe('open');

    const events = captureEvents();
    const paid = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id));
    events.stop();
    expect(paid.statusCode, paid.body).toBe(201);
    const sent: SendResponse = paid.json();
    const stored = await storedRequest(request.id);
    expect(stored).toMatchObject({ status: 'paid', transactionId: sent.transaction.id });
    const rows = await ctx.database.db.select().from(transactions).where(eq(transactions.hash, sent.transaction.hash));
    expect(rows.map((row) => [row.type, row.paymentReference]).sort()).toEqual([
      ['receive', request.reference],
      ['send', request.reference],
    ]);
    const [listed] = await listOf(alice);
    expect(listed).toMatchObject({ id: request.id, status: 'paid', transactionHash: sent.transaction.hash, paidAt: expect.any(String) });
    const event = events.seen.find((item) => item.event === 'payment_request_paid');
    expect(event).toMatchObject({ userId: alice.id, payload: { transactionHash: sent.transaction.hash, request: { id: request.id, status: 'paid' } } });
    expect(events.seen.filter((item) => item.event === 'payment_request_paid' && item.userId !== alice.id)).toEqual([]);
    const publicPaid = (await payPage(request.id, '198.51.100.2')).json();
    expect(publicPaid).toMatchObject({ status: 'paid', paidAt: listed!.paidAt });
    expect(publicPaid).not.toHaveProperty('transactionHash');

    // A second payment is refused and changes nothing.
    const before = await storedBalances(ctx.database.db, [aliceWallet.id, bobWallet.id], 'USDC');
    const again = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'PAYMENT_REQUEST_PAID', message: API_ERRORS.PAYMENT_REQUEST_PAID.messages.paid });
    expect(await storedBalances(ctx.database.db, [aliceWallet.id, bobWallet.id], 'USDC')).toEqual(before);
    // Paid: it cannot be cancelled either.
    expect((await cancel(alice, request.id)).json().error.code).toBe('PAYMENT_REQUEST_NOT_OPEN');
    await expectLedgerBalanced(ctx.database.db);
  });

  it('pays a currency request at the rate quoted when it is paid, and refuses less than it asks', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'polygon_mumbai');
    const bobWallet = await walletOn(ctx.app, bob, 'polygon_mumbai');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '500', unit: 'inr', displayName: 'Alice' });
    expect(request).toMatchObject({ fiat: { currency: 'inr', amountMinor: '50000' }, assetAmountIsIndicative: true, asset: 'USDC' });
    expect(BigInt(request.amountUnits)).toBeGreaterThan(0n);
    expect(request.uri).toContain(`uint256=${request.amountUnits}`);

    // Too little, at the prices at hand: refused with both figures, nothing changes.
    const tooLittle = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id, { amount: '1' }));
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().error.code).toBe('PAYMENT_REQUEST_UNDERPAID');
    expect(tooLittle.json().error.message).toMatch(/^The request asks for ₹500\.00; this payment is ₹\d+\.\d\d$/);

    // "₹500 they receive" through a firm quote: the quote's recipient side is the value.
    const quoteResponse = await call(ctx.app, 'POST', '/api/quotes', {
      cookie: bob.cookie,
      body: { walletId: bobWallet.id, to: request.address, asset: 'USDC', amount: '500', fixed: 'recipient', senderCurrency: 'eur', recipientCurrency: 'inr' },
    });
    expect(quoteResponse.statusCode, quoteResponse.body).toBe(201);
    const quote = paymentQuoteSchema.parse(quoteResponse.json());
    expect(BigInt(quote.recipient.amountMinor)).toBeGreaterThanOrEqual(50_000n);
    const paid = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id, { amount: quote.amount, quoteId: quote.id, speed: quote.speed }));
    expect(paid.statusCode, paid.body).toBe(201);
    const [listed] = await listOf(alice);
    // Paid: the asset amount is the one that paid it, no longer indicative.
    expect(listed).toMatchObject({ status: 'paid', amountUnits: quote.amountUnits, assetAmountIsIndicative: false, fiat: { currency: 'inr', amountMinor: '50000' } });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses a payment of another asset, network or address, and a smaller asset amount, changing nothing', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'polygon_mumbai');
    const bobWallet = await walletOn(ctx.app, bob, 'polygon_mumbai');
    const bobSepolia = await walletOn(ctx.app, bob, 'eth_sepolia');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '25', displayName: 'Alice' });
    const rowsBefore = (await ctx.database.db.select({ count: count() }).from(transactions).where(inArray(transactions.walletId, [aliceWallet.id, bobWallet.id, bobSepolia.id])))[0]!.count;
    const cases: [string, SendRequestInput, string][] = [
      ['another asset', paymentOf(request, bobWallet.id, { asset: 'MATIC', amount: '25' }), 'PAYMENT_REQUEST_MISMATCH'],
      ['another address', paymentOf(request, bobWallet.id, { to: externalAddress('polygon_mumbai') }), 'PAYMENT_REQUEST_MISMATCH'],
      ['another network', paymentOf(request, bobSepolia.id), 'PAYMENT_REQUEST_MISMATCH'],
      ['less than asked', paymentOf(request, bobWallet.id, { amount: '24.999999' }), 'PAYMENT_REQUEST_UNDERPAID'],
      ['an unknown reference', paymentOf(request, bobWallet.id, { reference: 'ab'.repeat(32) }), 'PAYMENT_REQUEST_NOT_FOUND'],
    ];
    for (const [label, body, code] of cases) {
      const response = await postSend(ctx.app, bob, body);
      expect(response.json().error?.code, label).toBe(code);
      expect(response.statusCode, label).toBe(API_ERRORS[code as 'PAYMENT_REQUEST_MISMATCH'].status);
    }
    const mismatch = await postSend(ctx.app, bob, cases[0]![1]);
    expect(mismatch.json().error.message).toBe(`This payment does not match the request: it asks for 25 USDC on Polygon Mumbai to ${aliceWallet.address}`);
    const underpaid = await postSend(ctx.app, bob, cases[3]![1]);
    expect(underpaid.json().error.message).toBe('The request asks for 25 USDC; this payment is 24.999999 USDC');
    const rowsAfter = (await ctx.database.db.select({ count: count() }).from(transactions).where(inArray(transactions.walletId, [aliceWallet.id, bobWallet.id, bobSepolia.id])))[0]!.count;
    expect(rowsAfter).toBe(rowsBefore);
    expect((await storedRequest(request.id)).status).toBe('open');
    // More than asked pays it.
    const more = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id, { amount: '30' }));
    expect(more.statusCode, more.body).toBe(201);
    expect((await storedRequest(request.id)).status).toBe('paid');
    await expectLedgerBalanced(ctx.database.db);
  });
});
