import { MAX_CONFIRMATIONS, type SendResponse, type TransactionView } from '@fincrypt/domain';
import { eq } from 'drizzle-orm';
import { Contract, JsonRpcProvider, Wallet, parseEther, parseUnits } from 'ethers';
import type { FastifyInstance } from 'fastify';
import type { Hex } from 'viem';
import { beforeAll, expect, it } from 'vitest';
import { usdcAddressOn } from '../chain/local-chain-setup.ts';
import type { Database } from '../db/database.ts';
import { transactions } from '../db/schema.ts';
import type { UserEvent } from '../lib/event-bus.ts';
import { call, signUp } from '../test/auth-client.ts';
import { balanceOf, expectLedgerBalanced, postSend, walletOn } from '../test/ledger-client.ts';
import { fundedUser } from '../test/chain-steps.ts';
import { indexAll, type TestChain } from '../test/local-chain.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';
import { outboxPass } from './chain-outbox.ts';
import { summarizeLedger } from './ledger-check.ts';
import { checkLedgerAndChains, compareWithChain } from './ledger-vs-chain.ts';

const ETH = 10n ** 18n;
const USDC = 10n ** 6n;

describeEachDatabase('payments on a real local chain (Anvil under Ethereum Sepolia)', (kind) => {
  const ctx = useTestApp(kind);
  let testChain: TestChain;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(() => void ({ app, database, testChain } = ctx));

  const sync = () => indexAll(database.db, testChain.chain, app.ledger.events);
  const rowsOf = (hash: string) => database.db.select().from(transactions).where(eq(transactions.hash, hash));

  async function expectBookEqualsChain(): Promise<void> {
    const comparison = await compareWithChain(database.db, testChain.chain);
    expect(comparison.pending).toBe(0);
    expect(comparison.differences).toEqual([]);
    await expectLedgerBalanced(database.db);
  }

  it('funds a new wallet from the treasury on chain: 100 ETH sent and 1,000 USDC minted, spendable once a block includes them', async () => {
    const user = await signUp(app);
    const wallet = await walletOn(app, user, 'eth_sepolia');
    // On its way in, not yet spendable: the balance counts it once a block includes it.
    expect(wallet.balances.map(({ asset, balanceUnits, incomingUnits }) => [asset, balanceUnits, incomingUnits])).toEqual([
      ['ETH', '0', String(100n * ETH)],
      ['USDC', '0', String(1_000n * USDC)],
    ]);
    const grants = await database.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
    expect(grants.map((grant) => [grant.type, grant.asset, grant.status, grant.fromAddress])).toEqual(
      expect.arrayContaining([
        ['mint', 'ETH', 'pending', testChain.chain.treasury.address],
        ['mint', 'USDC', 'pending', testChain.chain.treasury.address],
      ]),
    );
    await testChain.untilKnown(grants.map((grant) => grant.hash));
    await testChain.mine(MAX_CONFIRMATIONS);
    await sync();
    const after = await database.db.select().from(transactions).where(eq(transactions.walletId, wallet.id));
    for (const row of after) expect(row).toMatchObject({ status: 'confirmed', confirmations: MAX_CONFIRMATIONS, isSettled: true });
    const funded = await walletOn(app, user, 'eth_sepolia');
    expect(funded.balances.map(({ asset, balanceUnits, incomingUnits }) => [asset, balanceUnits, incomingUnits])).toEqual([
      ['ETH', String(100n * ETH), undefined],
      ['USDC', String(1_000n * USDC), undefined],
    ]);
    const head = await testChain.chain.client.getBlockNumber({ cacheTime: 0 });
    expect(after.map((row) => row.blockNumber)).toEqual(after.map(() => Number(head) - MAX_CONFIRMATIONS + 1));
    await expectBookEqualsChain();
  });

  it('sends ETH between two users as an EIP-1559 transaction the node includes; fee and confirmations are the chain’s', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const events: UserEvent[] = [];
    const unsubscribe = app.ledger.events.subscribe((event) => events.push(event));
    const response = await postSend(app, alice.user, { walletId: alice.walletId, to: bob.address, amount: '1.5', speed: 'fast' });
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    await testChain.untilKnown([sent.transaction.hash]);
    // Bob sees it on its way, not in his balance, until a block includes it.
    const waiting = await walletOn(app, bob.user, 'eth_sepolia');
    expect([balanceOf(waiting, 'ETH'), waiting.balances[0]!.incomingUnits]).toEqual([100n * ETH, String(15n * 10n ** 17n)]);
    const onNode = await testChain.chain.client.getTransaction({ hash: sent.transaction.hash as Hex });
    expect(onNode).toMatchObject({ type: 'eip1559', from: alice.address.toLowerCase(), to: bob.address.toLowerCase(), value: 15n * 10n ** 17n });

    await testChain.mine();
    await sync();
    const receipt = await testChain.chain.client.getTransactionReceipt({ hash: sent.transaction.hash as Hex });
    const [send] = (await rowsOf(sent.transaction.hash)).filter((row) => row.type === 'send');
    expect(send).toMatchObject({ status: 'confirmed', blockNumber: Number(receipt.blockNumber), confirmations: 1, gasUsed: receipt.gasUsed });
    expect(send!.fee).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    expect(events.filter((event) => event.event === 'transaction_status').map((event) => [event.userId, (event.payload as { status: string }).status])).toEqual(
      expect.arrayContaining([
        [alice.user.id, 'confirmed'],
        [bob.user.id, 'confirmed'],
      ]),
    );
    expect(balanceOf(await walletOn(app, bob.user, 'eth_sepolia'), 'ETH')).toBe(100n * ETH + 15n * 10n ** 17n);
    await testChain.mine(MAX_CONFIRMATIONS - 1);
    await sync();
    unsubscribe();
    const settled = await rowsOf(sent.transaction.hash);
    for (const row of settled) expect(row).toMatchObject({ confirmations: MAX_CONFIRMATIONS, isSettled: true });
    await expectBookEqualsChain();
  });

  it('sends USDC with an ERC-20 transfer: the fee cap held at send, the receipt’s fee kept and the rest given back', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const response = await postSend(app, alice.user, { walletId: alice.walletId, asset: 'usdc', to: bob.address, amount: '25' });
    expect(response.statusCode).toBe(201);
    const sent: SendResponse = response.json();
    const cap = BigInt(sent.transaction.feeUnits);
    await testChain.untilKnown([sent.transaction.hash]);
    await testChain.mine();
    await sync();
    const receipt = await testChain.chain.client.getTransactionReceipt({ hash: sent.transaction.hash as Hex });
    expect(receipt.status).toBe('success');
    const [send] = (await rowsOf(sent.transaction.hash)).filter((row) => row.type === 'send');
    expect(send!.fee).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    expect(send!.fee).toBeLessThan(cap);
    const wallet = await walletOn(app, alice.user, 'eth_sepolia');
    expect(balanceOf(wallet, 'USDC')).toBe(975n * USDC);
    expect(balanceOf(wallet, 'ETH')).toBe(100n * ETH - send!.fee);
    await expectBookEqualsChain();
  });

  it('books money that arrives from another client (ethers) as received, and tells the recipient', async () => {
    const bob = await fundedUser(ctx);
    const outsider = Wallet.createRandom();
    await testChain.request('anvil_setBalance', [outsider.address, `0x${(10n * ETH).toString(16)}`]);
    const provider = new JsonRpcProvider(testChain.chain.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    const signer = outsider.connect(provider);
    const events: UserEvent[] = [];
    const unsubscribe = app.ledger.events.subscribe((event) => events.push(event));
    const sent = await signer.sendTransaction({ to: bob.address, value: parseEther('2') });
    await testChain.mine();
    await sync();
    unsubscribe();
    const [received] = await rowsOf(sent.hash);
    expect(received).toMatchObject({ type: 'receive', walletId: bob.walletId, amount: 2n * ETH, status: 'confirmed', fromAddress: outsider.address });
    const history = (await call(app, 'GET', '/api/transactions', { cookie: bob.user.cookie })).json().items as TransactionView[];
    expect(history[0]).toMatchObject({ type: 'receive', hash: sent.hash, amount: '2' });
    expect(events.some((event) => event.userId === bob.user.id && event.event === 'balance_update')).toBe(true);
    const wallet = await walletOn(app, bob.user, 'eth_sepolia');
    expect(balanceOf(wallet, 'ETH')).toBe(102n * ETH);
    provider.destroy();
    await expectBookEqualsChain();
  });

  it('hands the node again a send it never received (a server killed between commit and hand-over)', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    // The node loses its pool (as after a restart from its state file): the send is stored but the node knows nothing.
    const response = await postSend(app, alice.user, { walletId: alice.walletId, to: bob.address, amount: '3' });
    const { hash } = (response.json() as SendResponse).transaction;
    await testChain.untilKnown([hash]);
    await testChain.request('anvil_dropTransaction', [hash]);
    expect(await testChain.chain.client.getTransaction({ hash: hash as Hex }).catch(() => null)).toBeNull();
    const pass = await outboxPass(database.db, testChain.chain, app.ledger.events, Date.now() + 60_000);
    expect(pass.broadcast).toBe(1);
    await testChain.mine();
    await sync();
    expect((await rowsOf(hash)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    await expectBookEqualsChain();
  });

  it('rolls confirmations back when the chain reorganises (evm_revert), then includes the payment again: nothing lost or doubled', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const snapshot = await testChain.request('evm_snapshot');
    const response = await postSend(app, alice.user, { walletId: alice.walletId, to: bob.address, amount: '4' });
    const { hash } = (response.json() as SendResponse).transaction;
    await testChain.untilKnown([hash]);
    await testChain.mine(3);
    await sync();
    expect((await rowsOf(hash)).map((row) => row.confirmations)).toEqual([3, 3]);

    await testChain.request('evm_revert', [snapshot]);
    await testChain.mine(5);
    const rolled = await sync();
    expect(rolled.rolledBackFrom).toBeDefined();
    expect((await rowsOf(hash)).map((row) => row.status)).toEqual(['pending', 'pending']);

    await outboxPass(database.db, testChain.chain, app.ledger.events, Date.now() + 60_000);
    await testChain.mine();
    await sync();
    expect((await rowsOf(hash)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    const wallet = await walletOn(app, bob.user, 'eth_sepolia');
    expect(balanceOf(wallet, 'ETH')).toBe(104n * ETH);
    await expectBookEqualsChain();
  });

  it('speeds a pending send up with a real replacement (same nonce, higher fee) that the node includes', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const response = await postSend(app, alice.user, { walletId: alice.walletId, to: bob.address, amount: '1', speed: 'slow' });
    const { hash } = (response.json() as SendResponse).transaction;
    await testChain.untilKnown([hash]);
    const faster = await call(app, 'POST', `/api/transactions/${hash}/speed-up`, { cookie: alice.user.cookie, body: { speed: 'fast' } });
    expect(faster.statusCode).toBe(200);
    const replacement = faster.json().transaction.hash as string;
    await testChain.untilKnown([replacement]);
    await testChain.mine();
    await sync();
    const receipt = await testChain.chain.client.getTransactionReceipt({ hash: replacement as Hex });
    expect(receipt.status).toBe('success');
    expect((await rowsOf(replacement)).map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    await expectBookEqualsChain();
  });

  it('fails a send whose nonce another client took (the key used elsewhere): dropped with the node’s words, its money back, the other send booked', async () => {
    const alice = await fundedUser(ctx);
    const bob = await fundedUser(ctx);
    const before = await walletOn(app, alice.user, 'eth_sepolia');
    const response = await postSend(app, alice.user, { walletId: alice.walletId, to: bob.address, amount: '5' });
    const { hash, nonce } = (await rowsOf((response.json() as SendResponse).transaction.hash)).find((row) => row.type === 'send')!;
    await testChain.untilKnown([hash]);
    // Another wallet holding Alice's key spends her nonce first (the node lets a test act as her).
    await testChain.request('anvil_dropTransaction', [hash]);
    await testChain.request('anvil_impersonateAccount', [alice.address]);
    const elsewhere = (await testChain.request('eth_sendTransaction', [
      { from: alice.address, to: bob.address, value: '0x1', nonce: `0x${nonce.toString(16)}`, gas: '0x5208', maxFeePerGas: '0x3b9aca000', maxPriorityFeePerGas: '0x3b9aca000' },
    ])) as string;
    await testChain.request('anvil_stopImpersonatingAccount', [alice.address]);
    await testChain.mine();
    await sync();

    const pass = await outboxPass(database.db, testChain.chain, app.ledger.events, Date.now() + 60_000);
    expect(pass.dropped).toBe(1);
    const failed = await rowsOf(hash);
    expect(failed.map((row) => [row.type, row.status, row.fee])).toEqual(expect.arrayContaining([['send', 'failed', 0n], ['receive', 'failed', 0n]]));
    const detail = (await call(app, 'GET', `/api/transactions/${hash}`, { cookie: alice.user.cookie })).json() as TransactionView;
    expect(detail).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/^Dropped by the node: .*nonce/i) });
    // The send made elsewhere is Alice's too: 1 wei and its fee.
    const foreign = (await rowsOf(elsewhere)).find((row) => row.type === 'send');
    expect(foreign).toMatchObject({ type: 'send', isForeign: true, status: 'confirmed', amount: 1n, walletId: alice.walletId });
    const after = await walletOn(app, alice.user, 'eth_sepolia');
    expect(balanceOf(after, 'ETH')).toBe(balanceOf(before, 'ETH') - 1n - foreign!.fee);
    await expectBookEqualsChain();
  });

  it('checks the ledger against the chain: agreed once nothing is pending, a breach for a balance the chain does not hold', async () => {
    const alice = await fundedUser(ctx);
    const agreed = await checkLedgerAndChains(database.db, new Map([['eth_sepolia', testChain.chain]]));
    expect(agreed).toMatchObject({ isBalanced: true, chains: [{ network: 'eth_sepolia', pending: 0, differences: [] }] });
    expect(summarizeLedger(agreed)).toContain('eth_sepolia agrees with its chain');

    const onChain = await testChain.chain.client.getBalance({ address: alice.address as Hex });
    await testChain.request('anvil_setBalance', [alice.address, `0x${(onChain + 1n).toString(16)}`]);
    const breached = await checkLedgerAndChains(database.db, new Map([['eth_sepolia', testChain.chain]]));
    expect(breached.isBalanced).toBe(false);
    expect(breached.breaches).toEqual([`eth_sepolia ${alice.address} ETH: book ${onChain} ≠ chain ${onChain + 1n}`]);
    await testChain.request('anvil_setBalance', [alice.address, `0x${onChain.toString(16)}`]);
  });

  it('reads the book’s USDC through ethers from the node, as a wallet would', async () => {
    const alice = await fundedUser(ctx);
    const provider = new JsonRpcProvider(testChain.chain.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    const usdc = new Contract(usdcAddressOn('eth_sepolia'), ['function balanceOf(address) view returns (uint256)'], provider);
    expect(await usdc.getFunction('balanceOf')(alice.address)).toBe(parseUnits('1000', 6));
    provider.destroy();
  });
});
