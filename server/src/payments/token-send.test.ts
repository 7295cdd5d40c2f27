import { ERC20_TRANSFER_GAS, findAsset, FRAUD_REASONS, type FeeQuotesResponse, type SendResponse } from '@fincrypt/domain';
import { count } from 'drizzle-orm';
import { erc20Abi, type Address, type Hex } from 'viem';
import { expect, it } from 'vitest';
import { usdcAddressOn } from '../chain/local-chain-setup.ts';
import { transactions } from '../db/schema.ts';
import type { UserEvent } from '../lib/event-bus.ts';
import { call, signUp } from '../test/auth-client.ts';
import { fundedUser, includePending } from '../test/chain-steps.ts';
import { balanceOf, expectLedgerBalanced, externalAddress, listWallets, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { compareWithChain } from './ledger-vs-chain.ts';

const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

describeEachDatabase('token sends', (kind) => {
  const ctx = useTestApp(kind);

  const usdcOnNode = (address: string) =>
    ctx.testChain.chain.client.readContract({ address: usdcAddressOn('eth_sepolia'), abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] });
  const receiptOf = (hash: string) => ctx.testChain.chain.client.getTransactionReceipt({ hash: hash as Hex });

  /** Once nothing is pending, the book's balances on Sepolia are the node's. */
  async function expectBookEqualsChain(): Promise<void> {
    const comparison = await compareWithChain(ctx.database.db, ctx.testChain.chain);
    expect(comparison.pending).toBe(0);
    expect(comparison.differences).toEqual([]);
    await expectLedgerBalanced(ctx.database.db);
  }

  it('moves 25 USDC between two users with an ERC-20 transfer, the fee taken in ETH at the gas of one, and tells both', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const events: UserEvent[] = [];
    const unsubscribe = ctx.app.ledger.events.subscribe((event) => events.push(event));
    const response = await postSend(ctx.app, alice.user, { walletId: alice.walletId, asset: 'usdc', to: bob.address, amount: '25' });
    unsubscribe();
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    const cap = BigInt(sent.transaction.feeUnits);
    expect(sent.transaction).toMatchObject({
      asset: 'USDC',
      symbol: 'USDC',
      feeSymbol: 'ETH',
      tokenAddress: findAsset('eth_sepolia', 'USDC')!.address,
      amount: '25',
      amountUnits: '25000000',
      gasUsed: String(ERC20_TRANSFER_GAS),
    });
    expect(cap).toBe(ERC20_TRANSFER_GAS * BigInt(sent.transaction.effectiveGasPrice));
    expect(sent.transaction.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(balanceOf(sent.wallet, 'USDC')).toBe(975n * USDC);
    expect(sent.wallet.balanceUnits).toBe(String(100n * ETH - cap));
    // Bob sees it on its way in until a block includes it.
    const waiting = await walletOn(ctx.app, bob.user, 'eth_sepolia');
    expect(waiting.balances.map(({ asset, balanceUnits, incomingUnits }) => [asset, balanceUnits, incomingUnits])).toEqual([
      ['ETH', String(100n * ETH), undefined],
      ['USDC', String(1_000n * USDC), String(25n * USDC)],
    ]);

    const received = (await call(ctx.app, 'GET', '/api/transactions?type=receive', { cookie: bob.user.cookie })).json().items;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'receive', asset: 'USDC', amount: '25', feeSymbol: 'ETH', hash: sent.transaction.hash });
    const explorer = (await call(ctx.app, 'GET', `/api/explorer/tx/${sent.transaction.hash}`)).json();
    expect(explorer).toMatchObject({ type: 'transfer', asset: 'USDC', value: '25', feeSymbol: 'ETH', from: alice.address, to: bob.address });
    const updates = events.filter((event) => event.event === 'balance_update');
    expect(updates.map((event) => [event.userId, (event.payload as { asset: string }).asset])).toEqual([
      [alice.user.id, 'USDC'],
      [bob.user.id, 'USDC'],
    ]);
    const bobsUpdate = updates[1]!.payload as { balances: { asset: string; balanceUnits: string; incomingUnits?: string }[] };
    expect(bobsUpdate.balances.find((entry) => entry.asset === 'USDC')).toMatchObject({ balanceUnits: String(1_000n * USDC), incomingUnits: String(25n * USDC) });

    // Included: the token moved on chain, and of the fee cap Alice pays what the receipt charged.
    await includePending(ctx);
    const receipt = await receiptOf(sent.transaction.hash);
    expect(receipt.status).toBe('success');
    const charged = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(charged).toBeLessThanOrEqual(cap);
    expect(balanceOf(await walletOn(ctx.app, alice.user, 'eth_sepolia'), 'ETH')).toBe(100n * ETH - charged);
    expect(balanceOf(await walletOn(ctx.app, bob.user, 'eth_sepolia'), 'USDC')).toBe(1_025n * USDC);
    expect([await usdcOnNode(alice.address), await usdcOnNode(bob.address)]).toEqual([975n * USDC, 1_025n * USDC]);
    await expectBookEqualsChain();
  });

  it('sends the coin when no asset is named, as clients before assets did', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'solana_devnet');
    const response = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress('solana_devnet'), amount: '1.5' });
    expect(response.statusCode).toBe(201);
    expect(response.json().transaction).toMatchObject({ asset: 'SOL', feeSymbol: 'SOL', amountUnits: '1500000000' });
    expect(response.json().transaction.tokenAddress).toBeUndefined();
    expect(balanceOf(response.json().wallet, 'USDC')).toBe(1_000n * USDC);
  });

  it('quotes a token send: the token balance is all sendable, the fee in the coin at 65,000 gas; the node takes it all', async () => {
    const { user, walletId } = await fundedUser(ctx);
    const quoted = await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}&asset=USDC`, { cookie: user.cookie });
    expect(quoted.statusCode).toBe(200);
    const body: FeeQuotesResponse = quoted.json();
    expect(body).toMatchObject({ asset: 'USDC', symbol: 'ETH', balance: '1000.00', balanceUnits: '1000000000', feeBalanceUnits: String(100n * ETH), gasUsed: '65000' });
    for (const quote of body.quotes) {
      expect(quote.maxSendableUnits).toBe('1000000000');
      expect(quote.maxSendable).toBe('1000.000000');
      expect(BigInt(quote.feeUnits)).toBe(65_000n * BigInt(quote.gasPriceWei));
    }
    const coin: FeeQuotesResponse = (await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}`, { cookie: user.cookie })).json();
    expect(coin).toMatchObject({ asset: 'ETH', gasUsed: '21000' });
    // The quote's id fixes the price per gas for either asset.
    const fast = body.quotes.find((quote) => quote.speed === 'fast')!;
    const outside = externalAddress('eth_sepolia');
    const sent = await postSend(ctx.app, user, { walletId, asset: 'USDC', to: outside, amount: fast.maxSendable, speed: 'fast', feeQuoteId: fast.quoteId });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().transaction.feeUnits).toBe(fast.feeUnits);
    expect(balanceOf(sent.json().wallet, 'USDC')).toBe(0n);
    // The quoted gas is enough for the node's ERC-20 transfer.
    await includePending(ctx);
    const receipt = await receiptOf(sent.json().transaction.hash);
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeLessThanOrEqual(65_000n);
    expect(await usdcOnNode(outside)).toBe(1_000n * USDC);
    for (const [asset, message] of [
      ['DOGE', 'Unknown asset "DOGE"'],
      ['SOL', 'SOL is not an asset on Ethereum Sepolia'],
    ]) {
      const refused = await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}&asset=${asset}`, { cookie: user.cookie });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({ code: 'INVALID_ASSET', message });
    }
  });

  it('refuses bad assets and amounts with a clear message, and changes nothing', async () => {
    const { user: alice } = await fundedUser(ctx);
    const { user: bob } = await fundedUser(ctx);
    const eth = await walletOn(ctx.app, alice, 'eth_sepolia');
    const sol = await walletOn(ctx.app, alice, 'solana_devnet');
    const bobEth = await walletOn(ctx.app, bob, 'eth_sepolia');
    const bobSol = await walletOn(ctx.app, bob, 'solana_devnet');
    const rowsBefore = (await ctx.database.db.select({ count: count() }).from(transactions))[0]!.count;
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ walletId: eth.id, asset: 'DOGE', to: bobEth.address, amount: '1' }, 400, 'INVALID_ASSET', 'Unknown asset "DOGE"'],
      [{ walletId: eth.id, asset: 'SOL', to: bobEth.address, amount: '1' }, 400, 'INVALID_ASSET', 'SOL is not an asset on Ethereum Sepolia'],
      [{ walletId: sol.id, asset: 'ETH', to: bobSol.address, amount: '1' }, 400, 'INVALID_ASSET', 'ETH is not an asset on Solana Devnet'],
      [{ walletId: eth.id, asset: 'USDC', to: bobEth.address, amount: '0.0000001' }, 400, 'INVALID_AMOUNT', 'Amount has more decimal places than USDC allows (at most 6)'],
      [{ walletId: eth.id, asset: 'USDC', to: bobEth.address, amount: '9'.repeat(40) }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient USDC balance'],
      // Far past a u64 of token units: refused by the balance rule before anything is signed.
      [{ walletId: sol.id, asset: 'USDC', to: bobSol.address, amount: `${'9'.repeat(40)}.999999` }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient USDC balance'],
      [{ walletId: eth.id, asset: 'USDC', to: bobEth.address, amount: '1000.000001' }, 400, 'INSUFFICIENT_BALANCE', 'Insufficient USDC balance'],
      [{ walletId: eth.id, asset: 'X'.repeat(17), to: bobEth.address, amount: '1' }, 400, 'VALIDATION_ERROR', ''],
      [{ walletId: eth.id, asset: 7, to: bobEth.address, amount: '1' }, 400, 'VALIDATION_ERROR', ''],
      [{ walletId: bobEth.id, asset: 'USDC', to: eth.address, amount: '1' }, 404, 'WALLET_NOT_FOUND', 'Sender wallet not found'],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await postSend(ctx.app, alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
      if (message) expect(response.json().error.message).toBe(message);
    }
    expect((await ctx.database.db.select({ count: count() }).from(transactions))[0]!.count).toBe(rowsBefore);
    for (const wallet of [...(await listWallets(ctx.app, alice)), ...(await listWallets(ctx.app, bob))]) {
      expect(balanceOf(wallet, 'USDC')).toBe(1_000n * USDC);
      expect(wallet.balanceUnits).toBe(String(findAsset(wallet.network, wallet.symbol)!.openingGrantUnits));
    }
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses a token send whose fee the coin cannot pay, however much of the token there is', async () => {
    const { user, walletId, address } = await fundedUser(ctx);
    const quotes: FeeQuotesResponse = (await call(ctx.app, 'GET', `/api/fees?walletId=${walletId}`, { cookie: user.cookie })).json();
    const max = quotes.quotes.find((quote) => quote.speed === 'normal')!;
    const drained = await postSend(ctx.app, user, { walletId, to: externalAddress('eth_sepolia'), amount: max.maxSendable, feeQuoteId: max.quoteId });
    expect(drained.statusCode).toBe(201);
    const refused = await postSend(ctx.app, user, { walletId, asset: 'USDC', to: externalAddress('eth_sepolia'), amount: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'INSUFFICIENT_FEE_BALANCE', message: 'Not enough ETH to pay the network fee' });
    expect(balanceOf(await walletOn(ctx.app, user, 'eth_sepolia'), 'USDC')).toBe(1_000n * USDC);
    // Only the drain reached the chain: the USDC never left.
    await includePending(ctx);
    expect((await receiptOf(drained.json().transaction.hash)).status).toBe('success');
    expect(await usdcOnNode(address)).toBe(1_000n * USDC);
    await expectBookEqualsChain();
  });

  it('judges unusual amounts by value, not by units: 100 USDC after sends of 0.01 ETH is unusual, 0.08 ETH after sends of 100 USDC is not', async () => {
    // Prices move within a band (ETH about $1,900-2,550, USDC near $1), which both cases allow for.
    const sendsOf = async (history: Record<string, unknown>, next: Record<string, unknown>) => {
      const { user, walletId } = await fundedUser(ctx);
      const to = externalAddress('eth_sepolia');
      for (let i = 0; i < 3; i += 1) expect((await postSend(ctx.app, user, { walletId, to, ...history })).statusCode).toBe(201);
      const response = await postSend(ctx.app, user, { walletId, to, ...next });
      expect(response.statusCode).toBe(201);
      return (response.json() as SendResponse).alerts.map((alert) => alert.reason);
    };
    // In units 100 USDC (10^8) is tiny beside 0.01 ETH (10^16); in value it is about four times more.
    expect(await sendsOf({ amount: '0.01' }, { asset: 'USDC', amount: '100' })).toContain(FRAUD_REASONS.unusualAmount);
    // In units 0.08 ETH dwarfs 100 USDC; in value it is below the mean of $100.
    expect(await sendsOf({ asset: 'USDC', amount: '100' }, { amount: '0.08' })).not.toContain(FRAUD_REASONS.unusualAmount);
  });
});
