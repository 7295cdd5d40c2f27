import {
  API_ERRORS,
  feeFromReceipt,
  minimumReplacementGasPrice,
  type FeeQuotesResponse,
  type SendResponse,
  type SpeedUpResponse,
  type TransactionDetail,
} from '@fincrypt/domain';
import { eq, inArray } from 'drizzle-orm';
import { type Hex, keccak256, parseTransaction, recoverTransactionAddress } from 'viem';
import { expect, it } from 'vitest';
import { transactionReplacements, transactions } from '../db/schema.ts';
import type { PublicEvent, UserEvent } from '../lib/event-bus.ts';
import { call, signUp, type TestUser } from '../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, storedBalances, walletOn } from '../test/ledger-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

describeEachDatabase('speed-up API', (kind) => {
  const ctx = useTestApp(kind);

  const speedUp = (user: Pick<TestUser, 'cookie'>, hash: string, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/transactions/${hash}/speed-up`, { cookie: user.cookie, body });
  const ethOf = async (walletId: string, asset = 'ETH') => (await storedBalances(ctx.database.db, [walletId], asset)).get(walletId)!;
  const rowsOf = (hashes: string[]) => ctx.database.db.select().from(transactions).where(inArray(transactions.hash, hashes));
  const detail = async (user: TestUser, hash: string): Promise<TransactionDetail> => {
    const response = await call(ctx.app, 'GET', `/api/transactions/${hash}`, { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const quotes = async (user: TestUser, walletId: string, asset?: string): Promise<FeeQuotesResponse> =>
    (await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}${asset ? `&asset=${asset}` : ''}`, { cookie: user.cookie })).json();

  /** A pending slow send from a new user's Sepolia wallet to another new user's (an internal transfer). */
  async function pendingTransfer(options: { speed?: 'slow' | 'normal' | 'fast'; asset?: string; amount?: string } = {}) {
    const { user: sender } = await fundedUser(ctx);
    const { user: recipient } = await fundedUser(ctx);
    const from = await walletOn(ctx.app, sender, 'eth_sepolia');
    const to = await walletOn(ctx.app, recipient, 'eth_sepolia');
    const response = await postSend(ctx.app, sender, {
      walletId: from.id,
      to: to.address,
      amount: options.amount ?? '1.5',
      speed: options.speed ?? 'slow',
      ...(options.asset ? { asset: options.asset } : {}),
    });
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    return { sender, recipient, from, to, sent: sent.transaction };
  }

  it('replaces a pending send by the same transfer at a faster speed, charging only the fee difference, once', async () => {
    const { sender, recipient, from, to, sent } = await pendingTransfer({ asset: 'USDC', amount: '25' });
    const before = await ethOf(from.id);
    const usdcBefore = await ethOf(from.id, 'USDC');
    const [oldRow] = await rowsOf([sent.hash]);
    const userEvents: UserEvent[] = [];
    const publicEvents: PublicEvent[] = [];
    const stopUser = ctx.app.ledger.events.subscribe((event) => userEvents.push(event));
    const stopPublic = ctx.app.ledger.events.subscribePublic((event) => publicEvents.push(event));
    const fast = (await quotes(sender, from.id, 'USDC')).quotes.find((quote) => quote.speed === 'fast')!;

    const response = await speedUp(sender, sent.hash, { speed: 'fast', feeQuoteId: fast.quoteId });
    stopUser();
    stopPublic();
    expect(response.statusCode).toBe(200);
    const body: SpeedUpResponse = response.json();
    const newHash = body.transaction.hash;
    expect(newHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(newHash).not.toBe(sent.hash);
    expect(body.replacedHash).toBe(sent.hash);
    // max(the quoted fast price, the old price + 10 %), for the same 65,000 gas of a token transfer.
    const floor = minimumReplacementGasPrice(BigInt(sent.effectiveGasPrice));
    const expectedPrice = BigInt(fast.gasPriceWei) > floor ? BigInt(fast.gasPriceWei) : floor;
    const newFee = feeFromReceipt(65_000n, expectedPrice, 'eth_sepolia');
    expect(body.transaction).toMatchObject({ speed: 'fast', status: 'pending', effectiveGasPrice: expectedPrice.toString(), feeUnits: newFee.toString(), gasUsed: '65000' });
    expect(BigInt(body.feeDifferenceUnits)).toBe(newFee - BigInt(sent.feeUnits));
    expect(await ethOf(from.id)).toBe(before - BigInt(body.feeDifferenceUnits));
    expect(body.wallet.balanceUnits).toBe((before - BigInt(body.feeDifferenceUnits)).toString());
    expect(await ethOf(from.id, 'USDC')).toBe(usdcBefore);

    // Both rows moved to the new hash; the signed transaction is the same transfer, same nonce.
    expect(await rowsOf([sent.hash])).toEqual([]);
    const moved = await rowsOf([newHash]);
    expect(moved.map((row) => row.type).sort()).toEqual(['receive', 'send']);
    for (const row of moved) expect(row.speed).toBe('fast');
    const raw = moved[0]!.rawTransaction as `0x${string}`;
    expect(keccak256(raw)).toBe(newHash);
    const parsed = parseTransaction(raw);
    const oldParsed = parseTransaction(oldRow!.rawTransaction as `0x${string}`);
    expect(parsed).toMatchObject({ nonce: oldParsed.nonce, to: oldParsed.to, data: oldParsed.data, chainId: 11155111, type: 'eip1559', maxFeePerGas: expectedPrice, maxPriorityFeePerGas: expectedPrice });
    expect(await recoverTransactionAddress({ serializedTransaction: raw as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'] })).toBe(from.address);
    const [recorded] = await ctx.database.db.select().from(transactionReplacements).where(eq(transactionReplacements.oldHash, sent.hash));
    expect(recorded).toMatchObject({ newHash, network: 'eth_sepolia', oldSpeed: 'slow', oldFee: BigInt(sent.feeUnits) });

    // Each side's copy moves to the new hash (not a new payment); the recipient's balance does not move; the feed learns it.
    expect(userEvents.filter((event) => event.event === 'transaction_update').map((event) => [event.userId, event.payload])).toEqual([
      [sender.id, expect.objectContaining({ replaces: sent.hash, transaction: expect.objectContaining({ hash: newHash, type: 'send' }) })],
      [recipient.id, expect.objectContaining({ replaces: sent.hash, transaction: expect.objectContaining({ hash: newHash, type: 'receive', walletId: to.id }) })],
    ]);
    expect(userEvents.filter((event) => event.event === 'balance_update').map((event) => event.userId)).toEqual([sender.id]);
    expect(publicEvents).toEqual([
      { event: 'explorer_transaction', payload: { replaces: sent.hash, transaction: expect.objectContaining({ hash: newHash, status: 'pending' }) } },
    ]);

    // The old hash finds the replacement for both parties.
    expect(await detail(sender, sent.hash)).toMatchObject({ hash: newHash, type: 'send', speed: 'fast', replacedHashes: [sent.hash] });
    expect(await detail(recipient, sent.hash)).toMatchObject({ hash: newHash, type: 'receive' });
    // The public explorer: the old hash has its own page, replaced, pointing at the replacement, whose signed
    // transaction is the new one.
    const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${sent.hash}`);
    expect(explorer.statusCode).toBe(200);
    expect(explorer.json()).toMatchObject({ hash: sent.hash, replacedBy: { hash: newHash, latestHash: newHash } });
    const replacement = await call(ctx.app, 'GET', `/api/explorer/tx/${newHash}`);
    expect(replacement.json()).toMatchObject({ hash: newHash, replacedHashes: [sent.hash], raw: { kind: 'evm', chainId: 11155111, serialized: raw } });
    await expectLedgerBalanced(ctx.database.db);

    // The node replaced the original in its pool: the next block includes the replacement alone, both rows at once,
    // and the sender keeps the receipt's fee, at most the new cap.
    await includePending(ctx);
    expect(await ctx.testChain.chain.client.getTransaction({ hash: sent.hash as Hex }).catch(() => null)).toBeNull();
    const receipt = await ctx.testChain.chain.client.getTransactionReceipt({ hash: newHash as Hex });
    expect(receipt.status).toBe('success');
    expect((await rowsOf([newHash])).map((row) => [row.type, row.status, row.confirmations, row.blockNumber]).sort()).toEqual([
      ['receive', 'confirmed', 1, Number(receipt.blockNumber)],
      ['send', 'confirmed', 1, Number(receipt.blockNumber)],
    ]);
    const kept = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(kept).toBeLessThanOrEqual(newFee);
    expect(await ethOf(from.id)).toBe(before + BigInt(sent.feeUnits) - kept);
    await expectLedgerBalanced(ctx.database.db);

    // Asked again, by the old or the new hash: answered as it is, charged nothing more.
    for (const hash of [sent.hash, newHash]) {
      const again = await speedUp(sender, hash, { speed: 'fast' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ feeDifference: '0', feeDifferenceUnits: '0', replacedHash: sent.hash, transaction: { hash: newHash, speed: 'fast' } });
    }
    expect(await ethOf(from.id)).toBe(before + BigInt(sent.feeUnits) - kept);
  });

  it('keeps every old hash pointing at the newest replacement, and a retry of an earlier step charges nothing', async () => {
    const { sender, from, sent } = await pendingTransfer();
    const before = await ethOf(from.id);
    const first: SpeedUpResponse = (await speedUp(sender, sent.hash, { speed: 'normal' })).json();
    const second: SpeedUpResponse = (await speedUp(sender, first.transaction.hash, { speed: 'fast' })).json();
    expect(second.replacedHash).toBe(first.transaction.hash);
    const replacements = await ctx.database.db
      .select()
      .from(transactionReplacements)
      .where(inArray(transactionReplacements.oldHash, [sent.hash, first.transaction.hash]));
    expect(replacements.map((row) => [row.oldHash, row.newHash, row.oldSpeed]).sort()).toEqual(
      [
        [sent.hash, second.transaction.hash, 'slow'],
        [first.transaction.hash, second.transaction.hash, 'normal'],
      ].sort(),
    );
    const charged = BigInt(first.feeDifferenceUnits) + BigInt(second.feeDifferenceUnits);
    expect(charged).toBe(BigInt(second.transaction.feeUnits) - BigInt(sent.feeUnits));
    expect(await ethOf(from.id)).toBe(before - charged);
    // The first request, retried late by the first hash: it reached normal (and more) already.
    const retried = await speedUp(sender, sent.hash, { speed: 'normal' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ feeDifferenceUnits: '0', replacedHash: sent.hash, transaction: { hash: second.transaction.hash } });
    expect((await detail(sender, sent.hash)).replacedHashes).toEqual([sent.hash, first.transaction.hash]);
    // The timeline tells each replacement after the broadcast, oldest first, with the speed it had.
    const steps = (await detail(sender, second.transaction.hash)).timeline;
    const short = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-4)}`;
    expect(steps.slice(0, 3).map((step) => [step.kind, step.label, step.done])).toEqual([
      ['broadcast', 'Signed and broadcast', true],
      ['replaced', `Sped up: ${short(sent.hash)} (Slow) replaced by a faster transaction`, true],
      ['replaced', `Sped up: ${short(first.transaction.hash)} (Normal) replaced by a faster transaction`, true],
    ]);
    expect(Date.parse(steps[2]!.at!)).toBeGreaterThanOrEqual(Date.parse(steps[1]!.at!));
    const explorerSteps = (await call(ctx.app, 'GET', `/api/explorer/tx/${second.transaction.hash}`)).json().timeline as { kind: string }[];
    expect(explorerSteps.filter((step) => step.kind === 'replaced')).toHaveLength(2);
    // Searching Transactions for either old hash (in any case) finds the payment under its newest hash.
    for (const oldHash of [sent.hash, first.transaction.hash.toUpperCase().replace('0X', '0x')]) {
      const found = await call(ctx.app, 'GET', `/api/transactions?search=${oldHash}`, { cookie: sender.cookie });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().items.map((item: { hash: string }) => item.hash)).toEqual([second.transaction.hash]);
    }
    // The speed it was sent at was never reached by a speed-up: not faster.
    const slower = await speedUp(sender, sent.hash, { speed: 'slow' });
    expect(slower.statusCode).toBe(400);
    expect(slower.json().error.code).toBe('SPEED_UP_NOT_FASTER');
    expect(await ethOf(from.id)).toBe(before - charged);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('charges the difference once when the same speed-up arrives twice at the same moment', async () => {
    const { sender, from, sent } = await pendingTransfer();
    const before = await ethOf(from.id);
    const answers = await Promise.all([speedUp(sender, sent.hash, { speed: 'fast' }), speedUp(sender, sent.hash, { speed: 'fast' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const bodies: SpeedUpResponse[] = answers.map((answer) => answer.json());
    const differences = bodies.map((body) => BigInt(body.feeDifferenceUnits)).sort();
    expect(differences[0]).toBe(0n);
    expect(differences[1]! > 0n).toBe(true);
    expect(new Set(bodies.map((body) => body.transaction.hash)).size).toBe(1);
    expect(await ethOf(from.id)).toBe(before - differences[1]!);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('queues behind sends on the same wallets, both directions at once, without a deadlock; the ledger stays exact', async () => {
    const { sender, recipient, from, to, sent } = await pendingTransfer({ speed: 'slow' });
    const rounds = await Promise.all([
      speedUp(sender, sent.hash, { speed: 'fast' }),
      postSend(ctx.app, sender, { walletId: from.id, to: to.address, amount: '0.25', speed: 'fast' }),
      postSend(ctx.app, recipient, { walletId: to.id, to: from.address, amount: '0.5', speed: 'fast' }),
    ]);
    expect(rounds.map((response) => response.statusCode)).toEqual([200, 201, 201]);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('lets only the sender speed up, only to a faster speed, and only on an EVM network; each refusal changes nothing', async () => {
    const { sender, recipient, from, sent } = await pendingTransfer({ speed: 'normal' });
    // Not funded: a block for their grants would include the send too.
    const stranger = await signUp(ctx.app);
    const before = await ethOf(from.id);
    const refusals: [TestUser, string, Record<string, unknown>, number, string][] = [
      [recipient, sent.hash, { speed: 'fast' }, 403, API_ERRORS.SPEED_UP_NOT_SENDER.messages.notSender],
      [stranger, sent.hash, { speed: 'fast' }, 404, 'Transaction Not Found'],
      [sender, `0x${'ab'.repeat(32)}`, { speed: 'fast' }, 404, 'Transaction Not Found'],
      [sender, sent.hash, { speed: 'normal' }, 400, API_ERRORS.SPEED_UP_NOT_FASTER.messages.notFaster('normal')],
      [sender, sent.hash, { speed: 'slow' }, 400, API_ERRORS.SPEED_UP_NOT_FASTER.messages.notFaster('normal')],
    ];
    for (const [user, hash, body, status, message] of refusals) {
      const response = await speedUp(user, hash, body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const invalid = await speedUp(sender, sent.hash, { speed: 'warp' });
    expect(invalid.statusCode).toBe(400);
    const signedOut = await call(ctx.app, 'POST', `/api/transactions/${sent.hash}/speed-up`, { body: { speed: 'fast' } });
    expect(signedOut.statusCode).toBe(401);

    const solana = await walletOn(ctx.app, sender, 'solana_devnet');
    const solSend: SendResponse = (await postSend(ctx.app, sender, { walletId: solana.id, to: externalAddress('solana_devnet'), amount: '1', speed: 'slow' })).json();
    const unsupported = await speedUp(sender, solSend.transaction.hash, { speed: 'fast' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().error).toEqual({ code: 'SPEED_UP_UNSUPPORTED', message: API_ERRORS.SPEED_UP_UNSUPPORTED.messages.solana });

    expect(await ethOf(from.id)).toBe(before);
    expect((await rowsOf([sent.hash])).map((row) => row.speed)).toEqual(['normal', 'normal']);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses once the transaction is in a block', async () => {
    const { sender, from, sent } = await pendingTransfer();
    await includePending(ctx);
    const before = await ethOf(from.id);
    const response = await speedUp(sender, sent.hash, { speed: 'fast' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'SPEED_UP_NOT_PENDING', message: API_ERRORS.SPEED_UP_NOT_PENDING.messages.notPending });
    expect(await ethOf(from.id)).toBe(before);
  });

  it('refuses, changing nothing, when the native coin cannot pay the difference', async () => {
    const { user: sender } = await fundedUser(ctx);
    const from = await walletOn(ctx.app, sender, 'eth_sepolia');
    const slow = (await quotes(sender, from.id)).quotes.find((quote) => quote.speed === 'slow')!;
    // Everything goes out, fee included: nothing is left for a faster fee.
    const sent: SendResponse = (
      await postSend(ctx.app, sender, { walletId: from.id, to: externalAddress('eth_sepolia'), amount: slow.maxSendable, speed: 'slow', feeQuoteId: slow.quoteId })
    ).json();
    expect(await ethOf(from.id)).toBe(0n);
    const response = await speedUp(sender, sent.transaction.hash, { speed: 'fast' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'INSUFFICIENT_FEE_BALANCE', message: 'Not enough ETH to pay the network fee' });
    expect(await rowsOf([sent.transaction.hash])).toHaveLength(1);
    expect(await ethOf(from.id)).toBe(0n);
    await expectLedgerBalanced(ctx.database.db);
  });
});
