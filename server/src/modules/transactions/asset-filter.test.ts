import type { TransactionView } from '@fincrypt/domain';
import { expect, it } from 'vitest';
import { call, signUp, type TestUser } from '../../test/auth-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

// user's grants are mint rows of their history, so the lists below hold them.
describeEachDatabase('transactions list: the asset filter', (kind) => {
  const ctx = useTestApp(kind);

  const list = async (user: TestUser, query: string) => {
    const response = await call(ctx.app, 'GET', `/api/transactions${query}`, { cookie: user.cookie });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return (response.json() as { items: TransactionView[]; nextCursor: string | null }).items;
  };

  /**
   * Alice, her Sepolia grants (100 ETH, 1,000 USDC) included, sends 2 USDC and 1 ETH outside on Sepolia, 3 USDC to
   * Bob on Solana, and 0.5 SOL to Bob; Bob sends 1 USDC back on Solana. Bob's Sepolia grants are still pending.
   */
  async function history() {
    const { user: alice } = await fundedUser(ctx);
    const bob = await signUp(ctx.app, { name: 'Bob' });
    const aliceEth = await walletOn(ctx.app, alice, 'eth_sepolia');
    const aliceSol = await walletOn(ctx.app, alice, 'solana_devnet');
    const bobSol = await walletOn(ctx.app, bob, 'solana_devnet');
    const send = async (user: TestUser, body: Parameters<typeof postSend>[2]) => {
      const response = await postSend(ctx.app, user, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().transaction as TransactionView;
    };
    const outside = externalAddress('eth_sepolia');
    await send(alice, { walletId: aliceEth.id, asset: 'USDC', to: outside, amount: '2' });
    await send(alice, { walletId: aliceEth.id, to: outside, amount: '1' });
    await send(alice, { walletId: aliceSol.id, asset: 'USDC', to: bobSol.address, amount: '3' });
    await send(alice, { walletId: aliceSol.id, asset: 'SOL', to: bobSol.address, amount: '0.5' });
    await send(bob, { walletId: bobSol.id, asset: 'usdc', to: aliceSol.address, amount: '1' });
    return { alice, bob };
  }

  const summary = (items: TransactionView[]) => items.map((item) => `${item.type} ${item.amount} ${item.asset} ${item.network}`);

  it('lists only the transfers of the asset asked for, on every network, with the other filters and in pages', async () => {
    const { alice, bob } = await history();
    expect(await list(alice, '')).toHaveLength(7);
    expect(summary(await list(alice, '?asset=USDC'))).toEqual([
      'receive 1 USDC solana_devnet',
      'send 3 USDC solana_devnet',
      'send 2 USDC eth_sepolia',
      'mint 1000 USDC eth_sepolia',
    ]);
    expect(summary(await list(alice, '?asset=ETH'))).toEqual(['send 1 ETH eth_sepolia', 'mint 100 ETH eth_sepolia']);
    expect(summary(await list(alice, '?asset=SOL'))).toEqual(['send 0.5 SOL solana_devnet']);
    expect(await list(alice, '?asset=MATIC')).toEqual([]);
    expect(summary(await list(alice, '?asset=USDC&network=eth_sepolia&type=send'))).toEqual(['send 2 USDC eth_sepolia']);
    expect(summary(await list(alice, '?asset=USDC&type=receive'))).toEqual(['receive 1 USDC solana_devnet']);
    expect(summary(await list(bob, '?asset=USDC'))).toEqual(['send 1 USDC solana_devnet', 'receive 3 USDC solana_devnet', 'mint 1000 USDC eth_sepolia']);

    // Every USDC row says what its amount and its fee are in.
    for (const item of await list(alice, '?asset=USDC')) {
      expect(item).toMatchObject({ asset: 'USDC', symbol: 'USDC', feeSymbol: item.network === 'eth_sepolia' ? 'ETH' : 'SOL' });
      expect(item.tokenAddress).toEqual(expect.any(String));
    }

    const first = await call(ctx.app, 'GET', '/api/transactions?asset=USDC&limit=2', { cookie: alice.cookie });
    const page = first.json() as { items: TransactionView[]; nextCursor: string | null };
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    expect(summary(await list(alice, `?asset=USDC&limit=2&cursor=${page.nextCursor}`))).toEqual(['send 2 USDC eth_sepolia', 'mint 1000 USDC eth_sepolia']);

    // A block's inclusion rewrites the Sepolia rows (status, fee), not what the filter reads.
    await includePending(ctx);
    const included = await list(alice, '?asset=USDC&network=eth_sepolia');
    expect(included.map((item) => [item.type, item.amount, item.status])).toEqual([
      ['send', '2', 'confirmed'],
      ['mint', '1000', 'confirmed'],
    ]);
  });

  it("lists a faucet claim's mints as type 'mint', one per asset beside the grants, and the explorer opens them", async () => {
    const alice = await signUp(ctx.app, { name: 'Alice' });
    const wallet = await walletOn(ctx.app, alice, 'eth_sepolia');
    const claim = await call(ctx.app, 'POST', `/api/wallets/${wallet.id}/faucet`, { cookie: alice.cookie });
    expect(claim.statusCode, claim.body).toBe(201);

    expect(summary(await list(alice, '?type=mint')).sort()).toEqual([
      'mint 10 ETH eth_sepolia',
      'mint 100 ETH eth_sepolia',
      'mint 1000 USDC eth_sepolia',
      'mint 500 USDC eth_sepolia',
    ]);
    const usdcMints = await list(alice, '?type=mint&asset=USDC');
    expect(summary(usdcMints)).toEqual(['mint 500 USDC eth_sepolia', 'mint 1000 USDC eth_sepolia']);
    expect(usdcMints[0]!.hash).toBe(claim.json().transactions[1].hash);
    expect(await list(alice, '?type=send')).toEqual([]);

    // A treasury transaction on the chain: the explorer shows it pending, then as the block that included it says.
    const explorerOf = async (hash: string) => {
      const explorer = await call(ctx.app, 'GET', `/api/explorer/tx/${hash}`);
      expect(explorer.statusCode, explorer.body).toBe(200);
      return explorer.json();
    };
    expect(await explorerOf(usdcMints[0]!.hash)).toMatchObject({ type: 'mint', asset: 'USDC', symbol: 'USDC', feeSymbol: 'ETH', value: '500', fee: '0', status: 'pending' });
    await includePending(ctx);
    expect(await explorerOf(usdcMints[0]!.hash)).toMatchObject({ type: 'mint', asset: 'USDC', value: '500', status: 'confirmed' });
  });

  it('refuses an asset no network has, or not spelled as its symbol, with a 400', async () => {
    const alice = await signUp(ctx.app, { name: 'Alice' });
    for (const asset of ['BTC', 'usdc', '', 'USDC%00']) {
      const refused = await call(ctx.app, 'GET', `/api/transactions?asset=${asset}`, { cookie: alice.cookie });
      expect(refused.statusCode, asset).toBe(400);
      expect(refused.json().error.message, asset).toEqual(expect.any(String));
    }
  });
});
