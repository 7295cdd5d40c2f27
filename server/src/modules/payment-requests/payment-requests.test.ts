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
import { erc20Abi, type Hex } from 'viem';
import { expect, it } from 'vitest';
import { usdcAddressOn } from '../../chain/local-chain-setup.ts';
import { paymentRequests, transactions } from '../../db/schema.ts';
import type { UserEvent } from '../../lib/event-bus.ts';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, storedBalances, walletOn } from '../../test/ledger-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { outboxPass } from '../../payments/chain-outbox.ts';
import { indexAll } from '../../test/local-chain.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const OPEN_MAX = 4;
const CREATE_LIMIT = 12;
const PAY_PAGE_LIMIT = 25;
const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

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
  /** What the node holds for `address`: its ETH, or its test USDC. */
  const ethOnChain = (address: string) => ctx.testChain.chain.client.getBalance({ address: address as Hex });
  const usdcOnChain = (address: string) =>
    ctx.testChain.chain.client.readContract({ address: usdcAddressOn('eth_sepolia'), abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] });
  const captureEvents = () => {
    const seen: UserEvent[] = [];
    const stop = ctx.app.ledger.events.subscribe((event) => seen.push(event));
    return { seen, stop };
  };

  it('creates an asset request with a standard URI, a reference and a link; the pay page shows only what the requester chose', async () => {
    const alice = await signUp(ctx.app, { name: 'Alice Requester' });
    const wallet = await walletOn(ctx.app, alice, 'polygon_amoy');
    const created = await requestFor(alice, { walletId: wallet.id, asset: 'usdc', amount: '25.5', note: '  Rent for May ', displayName: 'Ana S.' });
    expect(created).toMatchObject({
      status: 'open',
      walletId: wallet.id,
      network: 'polygon_amoy',
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
      encodePaymentRequestUri({ network: 'polygon_amoy', address: wallet.address, asset: 'USDC', amountUnits: 25_500_000n, reference: created.reference }),
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
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
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
    // Paid when the send commits (send.ts), while the chain has yet to include it.
    const stored = await storedRequest(request.id);
    expect(stored).toMatchObject({ status: 'paid', transactionId: sent.transaction.id });
    const rows = await ctx.database.db.select().from(transactions).where(eq(transactions.hash, sent.transaction.hash));
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
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

    // A block includes both payments: Alice holds her grant and the two 25 USDC, and the request stays paid.
    await includePending(ctx);
    expect((await ctx.testChain.chain.client.getTransactionReceipt({ hash: sent.transaction.hash as Hex })).status).toBe('success');
    expect(await usdcOnChain(aliceWallet.address)).toBe(1000n * USDC + 50n * USDC);
    expect((await storedBalances(ctx.database.db, [aliceWallet.id], 'USDC')).get(aliceWallet.id)).toBe(1000n * USDC + 50n * USDC);
    expect((await storedRequest(request.id)).status).toBe('paid');
    await expectLedgerBalanced(ctx.database.db);
  });

  it('is open again when the chain drops the send that paid it, and its owner is told; a new payment pays it', async () => {
    const alice = await signUp(ctx.app);
    const bob = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '2', displayName: 'Alice' });
    const paid: SendResponse = (await postSend(ctx.app, bob.user, paymentOf(request, bob.walletId))).json();
    expect(await storedRequest(request.id)).toMatchObject({ status: 'paid', transactionId: paid.transaction.id });

    // Another client holding Bob's key spends the payment's nonce first: the node can never include the payment.
    const [send] = await ctx.database.db.select().from(transactions).where(eq(transactions.id, paid.transaction.id));
    await ctx.testChain.untilKnown([paid.transaction.hash]);
    await ctx.testChain.request('anvil_dropTransaction', [paid.transaction.hash]);
    await ctx.testChain.request('anvil_impersonateAccount', [bob.address]);
    await ctx.testChain.request('eth_sendTransaction', [
      { from: bob.address, to: externalAddress('eth_sepolia'), value: '0x1', nonce: `0x${send!.nonce.toString(16)}`, gas: '0x5208', maxFeePerGas: '0x3b9aca000', maxPriorityFeePerGas: '0x3b9aca000' },
    ]);
    await ctx.testChain.request('anvil_stopImpersonatingAccount', [bob.address]);
    const events = captureEvents();
    // The node mines the other client's transaction; the outbox finds the payment's nonce taken.
    await ctx.testChain.mine();
    await indexAll(ctx.database.db, ctx.testChain.chain, ctx.app.ledger.events);
    expect((await outboxPass(ctx.database.db, ctx.testChain.chain, ctx.app.ledger.events, Date.now() + 60_000)).dropped).toBe(1);
    events.stop();

    expect(await storedRequest(request.id)).toMatchObject({ status: 'open', transactionId: null, paidAt: null });
    expect((await listOf(alice)).find((listed) => listed.id === request.id)).toMatchObject({ status: 'open', transactionHash: null });
    expect((await payPage(request.id, '198.51.100.9')).json().status).toBe('open');
    expect(events.seen.filter((item) => item.event === 'payment_request_reopened')).toEqual([
      { userId: alice.id, event: 'payment_request_reopened', payload: { requestId: request.id, transactionHash: paid.transaction.hash } },
    ]);
    const again = await postSend(ctx.app, bob.user, paymentOf(request, bob.walletId));
    expect(again.statusCode, again.body).toBe(201);
    await includePending(ctx);
    // Her grant, and the payment once: the dropped one never arrived.
    expect(await ethOnChain(aliceWallet.address)).toBe(100n * ETH + 2n * ETH);
    expect(await storedRequest(request.id)).toMatchObject({ status: 'paid', transactionId: again.json().transaction.id });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('pays a currency request at the rate quoted when it is paid, and refuses less than it asks', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    // The unit reads in either case, as every currency code does.
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '500', unit: 'INR', displayName: 'Alice' });
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
    // The node moved the quoted amount exactly.
    await includePending(ctx);
    expect(await usdcOnChain(aliceWallet.address)).toBe(1000n * USDC + BigInt(quote.amountUnits));
  });

  it('refuses a payment of another asset, network or address, and a smaller asset amount, changing nothing', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    const bobAmoy = await walletOn(ctx.app, bob, 'polygon_amoy');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '25', displayName: 'Alice' });
    const rowsBefore = (await ctx.database.db.select({ count: count() }).from(transactions).where(inArray(transactions.walletId, [aliceWallet.id, bobWallet.id, bobAmoy.id])))[0]!.count;
    const cases: [string, SendRequestInput, string][] = [
      ['another asset', paymentOf(request, bobWallet.id, { asset: 'ETH', amount: '25' }), 'PAYMENT_REQUEST_MISMATCH'],
      ['another address', paymentOf(request, bobWallet.id, { to: externalAddress('eth_sepolia') }), 'PAYMENT_REQUEST_MISMATCH'],
      ['another network', paymentOf(request, bobAmoy.id), 'PAYMENT_REQUEST_MISMATCH'],
      ['less than asked', paymentOf(request, bobWallet.id, { amount: '24.999999' }), 'PAYMENT_REQUEST_UNDERPAID'],
    ];
    for (const [label, body, code] of cases) {
      const response = await postSend(ctx.app, bob, body);
      expect(response.json().error?.code, label).toBe(code);
      expect(response.statusCode, label).toBe(API_ERRORS[code as 'PAYMENT_REQUEST_MISMATCH'].status);
    }
    const mismatch = await postSend(ctx.app, bob, cases[0]![1]);
    expect(mismatch.json().error.message).toBe(`This payment does not match the request: it asks for 25 USDC on Ethereum Sepolia to ${aliceWallet.address}`);
    const underpaid = await postSend(ctx.app, bob, cases[3]![1]);
    expect(underpaid.json().error.message).toBe('The request asks for 25 USDC; this payment is 24.999999 USDC');
    const rowsAfter = (await ctx.database.db.select({ count: count() }).from(transactions).where(inArray(transactions.walletId, [aliceWallet.id, bobWallet.id, bobAmoy.id])))[0]!.count;
    expect(rowsAfter).toBe(rowsBefore);
    expect((await storedRequest(request.id)).status).toBe('open');
    // More than asked pays it.
    const more = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id, { amount: '30' }));
    expect(more.statusCode, more.body).toBe(201);
    expect((await storedRequest(request.id)).status).toBe('paid');
    await expectLedgerBalanced(ctx.database.db);
    // Only that payment reached the chain.
    await includePending(ctx);
    expect(await usdcOnChain(aliceWallet.address)).toBe(1000n * USDC + 30n * USDC);
  });

  it('sends a payment whose reference no FinCrypt request has (another issuer’s Solana Pay code) and keeps the reference', async () => {
    const bob = await signUp(ctx.app);
    const bobWallet = await walletOn(ctx.app, bob, 'solana_devnet');
    const to = externalAddress('solana_devnet');
    const reference = 'ab'.repeat(32);
    const sent = await postSend(ctx.app, bob, { walletId: bobWallet.id, to, asset: 'USDC', amount: '2', reference });
    expect(sent.statusCode, sent.body).toBe(201);
    const rows = await ctx.database.db.select().from(transactions).where(eq(transactions.hash, (sent.json() as SendResponse).transaction.hash));
    expect(rows.map((row) => [row.type, row.paymentReference])).toEqual([['send', reference]]);
    expect(await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.reference, reference))).toEqual([]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('pays a currency request without a quote at the prices at hand: the indicative amount is enough', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '1000', unit: 'eur', displayName: 'Alice' });
    expect(request).toMatchObject({ fiat: { currency: 'eur', amountMinor: '100000' }, assetAmountIsIndicative: true });
    expect(request.uri).toBe(
      encodePaymentRequestUri({ network: 'eth_sepolia', address: aliceWallet.address, asset: 'ETH', amountUnits: BigInt(request.amountUnits), reference: request.reference }),
    );
    const paid = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id));
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await storedRequest(request.id)).status).toBe('paid');
    await expectLedgerBalanced(ctx.database.db);
    await includePending(ctx);
    expect(await ethOnChain(aliceWallet.address)).toBe(100n * ETH + BigInt((paid.json() as SendResponse).transaction.amountUnits));
  });

  it('lives open → expired: an expired request reads as expired, cannot be paid or cancelled, and stops counting as open', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'solana_devnet');
    const bobWallet = await walletOn(ctx.app, bob, 'solana_devnet');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '3', displayName: 'Alice', expiresInHours: 1 });
    // An hour later (the test moves the expiry instead of the clock).
    await ctx.database.db.update(paymentRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentRequests.id, request.id));
    expect((await payPage(request.id, '198.51.100.3')).json().status).toBe('expired');
    expect((await listOf(alice))[0]).toMatchObject({ id: request.id, status: 'expired', paidAt: null, cancelledAt: null });
    const late = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'PAYMENT_REQUEST_EXPIRED', message: API_ERRORS.PAYMENT_REQUEST_EXPIRED.messages.expired });
    const cancelled = await cancel(alice, request.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('PAYMENT_REQUEST_NOT_OPEN');
    expect(await storedRequest(request.id)).toMatchObject({ status: 'open', transactionId: null, cancelledAt: null });
    // It does not count: OPEN_MAX more can be made.
    for (let index = 0; index < OPEN_MAX; index += 1) await requestFor(alice, { walletId: aliceWallet.id, asset: 'SOL', amount: '1', displayName: 'Alice' });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('lives open → cancelled: only the owner lists and cancels it; a cancelled request cannot be paid', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'polygon_amoy');
    const bobWallet = await walletOn(ctx.app, bob, 'polygon_amoy');
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'MATIC', amount: '2', displayName: 'Alice' });

    // Another user: not in their list, and their cancel answers 404 like an unknown id, changing nothing.
    expect((await listOf(bob)).map((item) => item.id)).not.toContain(request.id);
    for (const id of [request.id, 'AAAAAAAAAAAAAAAAAAAAAA', 'not-an-id']) {
      const foreign = await cancel(bob, id);
      expect(foreign.statusCode, id).toBe(404);
      expect(foreign.json().error).toEqual({ code: 'PAYMENT_REQUEST_NOT_FOUND', message: API_ERRORS.PAYMENT_REQUEST_NOT_FOUND.messages.notFound });
    }
    expect((await storedRequest(request.id)).status).toBe('open');
    const signedOut = await call(ctx.app, 'POST', `/api/payment-requests/${request.id}/cancel`);
    expect(signedOut.statusCode).toBe(401);

    const cancelled = await cancel(alice, request.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(paymentRequestViewSchema.parse(cancelled.json())).toMatchObject({ id: request.id, status: 'cancelled', cancelledAt: expect.any(String) });
    expect((await payPage(request.id, '198.51.100.4')).json().status).toBe('cancelled');
    const late = await postSend(ctx.app, bob, paymentOf(request, bobWallet.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({ code: 'PAYMENT_REQUEST_CANCELLED', message: API_ERRORS.PAYMENT_REQUEST_CANCELLED.messages.cancelled });
    const again = await cancel(alice, request.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'PAYMENT_REQUEST_NOT_OPEN', message: API_ERRORS.PAYMENT_REQUEST_NOT_OPEN.messages.notOpen });
  });

  it('cancels the open requests of a wallet when it is disconnected, so they cannot be paid', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    const open = await requestFor(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '1', displayName: 'Alice' });
    const paidOne = await requestFor(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '1', displayName: 'Alice' });
    expect((await postSend(ctx.app, bob, paymentOf(paidOne, bobWallet.id))).statusCode).toBe(201);
    const otherWallet = await walletOn(ctx.app, alice, 'polygon_amoy');
    const elsewhere = await requestFor(alice, { walletId: otherWallet.id, asset: 'MATIC', amount: '1', displayName: 'Alice' });

    expect((await call(ctx.app, 'DELETE', `/api/wallets/${aliceWallet.id}`, { cookie: alice.cookie })).statusCode).toBeLessThan(300);
    const byId = new Map((await listOf(alice)).map((item) => [item.id, item]));
    expect(byId.get(open.id)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect(byId.get(paidOne.id)).toMatchObject({ status: 'paid' });
    expect(byId.get(elsewhere.id)).toMatchObject({ status: 'open' });
    const late = await postSend(ctx.app, bob, paymentOf(open, bobWallet.id));
    expect(late.json().error.code).toBe('PAYMENT_REQUEST_CANCELLED');
    // A disconnected wallet takes no new request either.
    const refused = await createRequest(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '1', displayName: 'Alice' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('WALLET_NOT_FOUND');
    await expectLedgerBalanced(ctx.database.db);
  });

  it('replays a paying send for its Idempotency-Key, and refuses the key with another reference', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    const first = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '1', displayName: 'Alice' });
    const second = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '1', displayName: 'Alice' });
    const key = '6f1c1c9e-6a0f-4c55-9b76-2f7e9a6d0c11';
    const paid = await postSend(ctx.app, bob, paymentOf(first, bobWallet.id), key);
    expect(paid.statusCode, paid.body).toBe(201);
    const replayed = await postSend(ctx.app, bob, paymentOf(first, bobWallet.id), key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json().transaction.hash).toBe(paid.json().transaction.hash);
    const reused = await postSend(ctx.app, bob, paymentOf(second, bobWallet.id), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await storedRequest(second.id)).status).toBe('open');
    // The replay sent nothing more: 1 USDC reaches Alice.
    await includePending(ctx);
    expect(await usdcOnChain(aliceWallet.address)).toBe(1000n * USDC + 1n * USDC);
  });

  it('refuses bad input with a clear 4xx and creates nothing', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, alice, 'polygon_amoy');
    const bobWallet = await walletOn(ctx.app, bob, 'polygon_amoy');
    const valid = { walletId: wallet.id, asset: 'USDC', amount: '10', displayName: 'Alice' };
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['no name', { ...valid, displayName: '   ' }, 400, 'Please enter the name the payer will see'],
      ['a long name', { ...valid, displayName: 'n'.repeat(51) }, 400, 'The name can be at most 50 characters'],
      ['a long note', { ...valid, note: 'n'.repeat(141) }, 400, 'The note can be at most 140 characters'],
      ['expiry 0', { ...valid, expiresInHours: 0 }, 400, 'The request must expire between 1 hour and 30 days from now'],
      ['expiry 31 days', { ...valid, expiresInHours: 721 }, 400, 'The request must expire between 1 hour and 30 days from now'],
      ['expiry 1.5', { ...valid, expiresInHours: 1.5 }, 400, 'The request must expire between 1 hour and 30 days from now'],
      ['expiry as text', { ...valid, expiresInHours: '24' }, 400, 'The request must expire between 1 hour and 30 days from now'],
      ['a negative amount', { ...valid, amount: '-1' }, 400, 'Please enter a valid amount'],
      ['zero', { ...valid, amount: '0' }, 400, 'Please enter a valid amount'],
      ['scientific notation', { ...valid, amount: '1e5' }, 400, 'Please enter a valid amount'],
      ['a number', { ...valid, amount: 10 }, 400, 'Please enter a valid amount'],
      ['a long amount', { ...valid, amount: '1'.repeat(61) }, 400, 'Please enter a valid amount'],
      ['an unknown unit', { ...valid, unit: 'btc' }, 400, 'Choose the asset or one of INR, USD, EUR, GBP, JPY'],
      ['a malformed wallet id', { ...valid, walletId: 'wallet-1' }, 400, 'Please select a wallet'],
      ['too many USDC decimals', { ...valid, amount: '1.0000001' }, 400, 'Amount has more decimal places than USDC allows (at most 6)'],
      ['too many rupee decimals', { ...valid, amount: '1.001', unit: 'inr' }, 400, API_ERRORS.INVALID_AMOUNT.messages.currencyTooManyDecimals('INR', 2)],
      ['yen with decimals', { ...valid, amount: '1.5', unit: 'jpy' }, 400, API_ERRORS.INVALID_AMOUNT.messages.currencyTooManyDecimals('JPY', 0)],
      ['41 whole digits', { ...valid, amount: '1'.repeat(41) }, 400, 'Please enter a valid amount'],
      ['41 whole digits of rupees', { ...valid, amount: '9'.repeat(41), unit: 'inr' }, 400, 'Please enter a valid amount'],
      ['an unknown asset', { ...valid, asset: 'DOGE' }, 400, 'Unknown asset "DOGE"'],
      ['an asset of another network', { ...valid, asset: 'SOL' }, 400, 'SOL is not an asset on Polygon Amoy'],
      ["another user's wallet", { ...valid, walletId: bobWallet.id }, 404, 'Wallet not found'],
      ['an unknown wallet', { ...valid, walletId: '00000000-0000-4000-8000-000000000000' }, 404, 'Wallet not found'],
    ];
    const failures: string[] = [];
    for (const [label, body, status, message] of cases) {
      const response = await createRequest(alice, body);
      if (response.statusCode !== status || response.json().error?.message !== message) failures.push(`${label}: ${response.statusCode} ${response.body}`);
    }
    for (const body of [null, [], 'text', { ...valid, extra: { nested: true } }]) {
      const response = await call(ctx.app, 'POST', '/api/payment-requests', { cookie: alice.cookie, body });
      if (response.statusCode >= 500) failures.push(`${JSON.stringify(body)}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    // The extra key is dropped, the request otherwise fine: that one is the only row.
    const rows = await ctx.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, alice.id));
    expect(rows).toHaveLength(1);

    // A send's reference that is not 32 bytes is refused by the send's schema.
    for (const reference of ['ab'.repeat(31), 'not a reference', `0x${'ab'.repeat(33)}`]) {
      const response = await postSend(ctx.app, bob, { walletId: bobWallet.id, to: wallet.address, asset: 'USDC', amount: '1', reference });
      expect(response.statusCode, reference).toBe(400);
      expect(response.json().error.message).toBe('The payment reference must be 32 bytes (64 hex digits or a base58 key)');
    }
  });

  it('keeps at most OPEN_MAX open requests per user, limits creates per user and pay-page reads per address', async () => {
    const alice = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const body = { walletId: wallet.id, asset: 'ETH', amount: '1', displayName: 'Alice' };
    const made: PaymentRequestView[] = [];
    for (let index = 0; index < OPEN_MAX; index += 1) made.push(await requestFor(alice, body));
    const over = await createRequest(alice, body);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({
      code: 'PAYMENT_REQUEST_LIMIT_REACHED',
      message: `You have ${OPEN_MAX} open requests: cancel one or wait for one to expire`,
    });
    expect(await ctx.database.db.$count(paymentRequests, eq(paymentRequests.userId, alice.id))).toBe(OPEN_MAX);
    // Cancelling one makes room for one.
    expect((await cancel(alice, made[0]!.id)).statusCode).toBe(200);
    made.push(await requestFor(alice, body));
    expect((await createRequest(alice, body)).statusCode).toBe(409);

    // Creates per user per hour (the refused ones count): OPEN_MAX + 3 so far.
    let created = OPEN_MAX + 3;
    while (created < CREATE_LIMIT) {
      const last = made.pop()!;
      expect((await cancel(alice, last.id)).statusCode).toBe(200);
      made.push(await requestFor(alice, body));
      created += 1;
    }
    expect((await cancel(alice, made.pop()!.id)).statusCode).toBe(200);
    const limited = await createRequest(alice, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.json().error.message).toMatch(/^Too many payment requests\. Please wait /);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Pay-page reads per address per minute; another address is not held up.
    const id = made[0]!.id;
    for (let index = 0; index < PAY_PAGE_LIMIT; index += 1) expect((await payPage(id, '203.0.113.50')).statusCode).toBe(200);
    const tooMany = await payPage(id, '203.0.113.50');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.code).toBe('RATE_LIMITED');
    expect(tooMany.headers['retry-after']).toBeDefined();
    expect((await payPage(id, '203.0.113.51')).statusCode).toBe(200);
  });

  it('marks a request paid once under concurrent payments; the others are refused and the ledger balances', async () => {
    const alice = await signUp(ctx.app);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const payers = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    const payerWallets = await Promise.all(payers.map((payer) => walletOn(ctx.app, payer, 'eth_sepolia')));
    // One block includes everyone's grants (Alice's too), so the payers can pay.
    await includePending(ctx);
    const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'USDC', amount: '40', displayName: 'Alice' });
    // Six payers, and one of them twice with two keys, at once.
    const attempts = [...payers.map((payer, index) => [payer, payerWallets[index]!] as const), [payers[0]!, payerWallets[0]!] as const];
    const responses = await Promise.all(attempts.map(([payer, wallet]) => postSend(ctx.app, payer, paymentOf(request, wallet.id))));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(attempts.length - 1);
    for (const response of responses.filter((item) => item.statusCode === 409)) expect(response.json().error.code).toBe('PAYMENT_REQUEST_PAID');
    const winner: SendResponse = responses.find((response) => response.statusCode === 201)!.json();
    expect(await storedRequest(request.id)).toMatchObject({ status: 'paid', transactionId: winner.transaction.id });
    const paying = await ctx.database.db.select().from(transactions).where(eq(transactions.paymentReference, request.reference));
    expect(paying.map((row) => row.type).sort()).toEqual(['receive', 'send']);
    // Shown as incoming until a block includes it; then Alice holds 40 USDC more, on the node too.
    expect((await walletOn(ctx.app, alice, 'eth_sepolia')).balances.find((balance) => balance.asset === 'USDC')).toMatchObject({
      balanceUnits: String(1000n * USDC),
      incomingUnits: String(40n * USDC),
    });
    await includePending(ctx);
    expect((await storedBalances(ctx.database.db, [aliceWallet.id], 'USDC')).get(aliceWallet.id)).toBe(1000n * USDC + 40n * USDC);
    expect(await usdcOnChain(aliceWallet.address)).toBe(1000n * USDC + 40n * USDC);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('lets one of a concurrent cancel and payment win, never both', async () => {
    const alice = await signUp(ctx.app);
    const { user: bob } = await fundedUser(ctx);
    const aliceWallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const bobWallet = await walletOn(ctx.app, bob, 'eth_sepolia');
    let paidRounds = 0n;
    for (let round = 0; round < 3; round += 1) {
      const request = await requestFor(alice, { walletId: aliceWallet.id, asset: 'ETH', amount: '0.1', displayName: 'Alice' });
      const [paid, cancelled] = await Promise.all([postSend(ctx.app, bob, paymentOf(request, bobWallet.id)), cancel(alice, request.id)]);
      const stored = await storedRequest(request.id);
      if (paid.statusCode === 201) {
        paidRounds += 1n;
        expect(cancelled.statusCode).toBe(409);
        expect(stored.status).toBe('paid');
      } else {
        expect(paid.json().error.code).toBe('PAYMENT_REQUEST_CANCELLED');
        expect(cancelled.statusCode).toBe(200);
        expect(stored.status).toBe('cancelled');
      }
    }
    await expectLedgerBalanced(ctx.database.db);
    // The chain moved 0.1 ETH for each payment that won, and nothing for a cancel that did.
    await includePending(ctx);
    expect(await ethOnChain(aliceWallet.address)).toBe(100n * ETH + paidRounds * ETH / 10n);
  });

  it('keeps the open limit under concurrent creates', async () => {
    const alice = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, alice, 'solana_devnet');
    const responses = await Promise.all(
      Array.from({ length: OPEN_MAX + 4 }, () => createRequest(alice, { walletId: wallet.id, asset: 'SOL', amount: '1', displayName: 'Alice' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(OPEN_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    expect(await ctx.database.db.$count(paymentRequests, eq(paymentRequests.userId, alice.id))).toBe(OPEN_MAX);
  });

  it('is documented in the OpenAPI document: the routes, the public view’s fields and the reference on a send', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.info.description).toContain('## Payment requests');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/payment-requests', '/api/payment-requests/{id}/cancel', '/api/pay/{id}']));
    expect(spec.paths['/api/pay/{id}'].get.security ?? []).toEqual([]);
    const shown = spec.paths['/api/pay/{id}'].get.responses['200'].content['application/json'].schema.properties;
    expect(Object.keys(shown).sort()).toEqual(Object.keys(publicPaymentRequestSchema.shape).sort());
    const send = spec.paths['/api/transactions'].post.requestBody.content['application/json'].schema.properties;
    expect(Object.keys(send)).toContain('reference');
  });
});
