import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  getNetwork,
  isValidAddress,
  MAX_WALLETS_PER_USER,
  NETWORK_IDS,
  WALLET_MESSAGES,
  type Network,
} from '@fincrypt/domain';
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createKeyVault } from '../../chain/key-vault.ts';
import { generateKeyPair, type KeyPairGenerator } from '../../chain/keys.ts';
import { mints, wallets } from '../../db/schema.ts';
import { loadSecret } from '../../lib/secrets.ts';
import { call, cookiesFrom, signIn, signUp } from '../../test/auth-client.ts';
import { claimFaucet, expectLedgerBalanced, externalAddress, listWallets, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser, includePending } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

const failingOn =
  (failing: readonly string[]): KeyPairGenerator =>
  (network: Network) => {
    if (failing.includes(network.id)) throw new Error(`key generation failed on ${network.id}`);
    return generateKeyPair(network);
  };

describeEachDatabase('wallets API', (kind) => {
  const ctx = useTestApp(kind);

  it('gives a new user one wallet per network at sign-up, each a real address holding 100.0000, minted', async () => {
    const { user } = await fundedUser(ctx);
    const list = await listWallets(ctx.app, user);
    expect(list.map((wallet) => wallet.network).sort()).toEqual([...NETWORK_IDS].sort());
    for (const wallet of list) {
      const network = getNetwork(wallet.network);
      expect(isValidAddress(network.id, wallet.address)).toBe(true);
      expect(wallet).toMatchObject({ balance: '100.0000', balanceUnits: (100n * 10n ** BigInt(network.decimals)).toString(), symbol: network.symbol, type: network.blockchainType });
      const [mint] = await ctx.database.db.select().from(mints).where(eq(mints.walletId, wallet.id));
      expect(mint?.amount).toBe(100n * 10n ** BigInt(network.decimals));
    }
    // On the chain the grant is the node's balance, not a row alone.
    const sepolia = list.find((wallet) => wallet.network === 'eth_sepolia')!;
    expect(await ctx.testChain.chain.client.getBalance({ address: sepolia.address as Hex })).toBe(100n * 10n ** 18n);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('gives a new user one EVM address on Sepolia and Amoy, as MetaMask shows one account on every chain, each chain with its own nonce', async () => {
    const { user } = await fundedUser(ctx);
    const sepolia = await walletOn(ctx.app, user, 'eth_sepolia');
    const amoy = await walletOn(ctx.app, user, 'polygon_amoy');
    expect(amoy.address).toBe(sepolia.address);
    expect(amoy.id).not.toBe(sepolia.id);
    expect((await walletOn(ctx.app, user, 'solana_devnet')).address).not.toBe(sepolia.address);
    // The one key signs on both chains: each send is recovered to the shared address, with its chain's nonce 0.
    for (const wallet of [sepolia, amoy]) {
      const sent = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress(wallet.network), amount: '1' });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().transaction).toMatchObject({ fromAddress: sepolia.address, network: wallet.network });
      const [row] = await ctx.database.db.select({ nonce: wallets.nextNonce }).from(wallets).where(eq(wallets.id, wallet.id));
      expect(row?.nonce).toBe(1);
    }
    // The node counts the shared address's first Sepolia transaction once a block includes it.
    await includePending(ctx);
    expect(await ctx.testChain.chain.client.getTransactionCount({ address: sepolia.address as Hex })).toBe(1);
    // Another user has another address.
    expect((await walletOn(ctx.app, await signUp(ctx.app), 'eth_sepolia')).address).not.toBe(sepolia.address);

    // A wallet connected again where the shared address already had one gets a key of its own.
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${amoy.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    const again = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'polygon_amoy' } });
    expect(again.statusCode).toBe(201);
    expect(again.json().address).not.toBe(sepolia.address);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('refuses a second wallet on a connected network with the message of docs/product.md#wallets, and an unknown network', async () => {
    const user = await signUp(ctx.app);
    const duplicate = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'eth_sepolia' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A Ethereum Sepolia wallet is already connected');
    const unknown = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'eth-mainnet' } });
    expect(unknown.statusCode).toBe(400);
    expect(await listWallets(ctx.app, user)).toHaveLength(3);
  });

  it('answers concurrent connects on one network with one wallet and 409s', async () => {
    const user = await signUp(ctx.app);
    const solana = await walletOn(ctx.app, user, 'solana_devnet');
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${solana.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'solana_devnet' } })),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await listWallets(ctx.app, user)).filter((wallet) => wallet.network === 'solana_devnet')).toHaveLength(1);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('disconnects a wallet: gone from the list, its history still on the ledger; a new one can be connected', async () => {
    const user = await signUp(ctx.app);
    const old = await walletOn(ctx.app, user, 'polygon_amoy');
    const sent = await postSend(ctx.app, user, { walletId: old.id, to: externalAddress('polygon_amoy'), amount: '1' });
    expect(sent.statusCode).toBe(201);
    const hash = sent.json().transaction.hash;

    expect((await call(ctx.app, 'DELETE', `/api/wallets/${old.id}`, { cookie: user.cookie })).statusCode).toBe(204);
    expect((await listWallets(ctx.app, user)).map((wallet) => wallet.id)).not.toContain(old.id);
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${old.id}`, { cookie: user.cookie })).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/explorer/tx/${hash}`)).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/transactions/${hash}`, { cookie: user.cookie })).statusCode).toBe(200);
    const [kept] = await ctx.database.db.select().from(wallets).where(eq(wallets.id, old.id));
    expect(kept?.disconnectedAt).not.toBeNull();

    // A disconnected wallet cannot send any more.
    const orphanSend = await postSend(ctx.app, user, { walletId: old.id, to: externalAddress('polygon_amoy'), amount: '1' });
    expect(orphanSend.statusCode).toBe(404);
    expect(orphanSend.json().error.message).toBe('Sender wallet not found');

    const reconnected = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'polygon_amoy' } });
    expect(reconnected.statusCode).toBe(201);
    // The starter funds went to the network's first wallet: a later one starts empty.
    expect(reconnected.json()).toMatchObject({ network: 'polygon_amoy', balance: '0.0000' });
    expect(reconnected.json().balances.map((balance: { balanceUnits: string }) => balance.balanceUnits)).toEqual(['0', '0']);
    expect(reconnected.json().address).not.toBe(old.address);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('gives starter funds once per user and network, and the faucet a day per user and network, however often a wallet is reconnected', async () => {
    const user = await signUp(ctx.app);
    const mintedOn = async () => {
      const rows = await ctx.database.db
        .select({ amount: mints.amount })
        .from(mints)
        .innerJoin(wallets, eq(wallets.id, mints.walletId))
        .where(and(eq(wallets.userId, user.id), eq(wallets.network, 'solana_devnet')));
      return rows.reduce((sum, row) => sum + row.amount, 0n);
    };
    const first = await walletOn(ctx.app, user, 'solana_devnet');
    expect((await claimFaucet(ctx.app, user, first.id)).statusCode).toBe(201);
    const mintedBefore = await mintedOn();
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const current = await walletOn(ctx.app, user, 'solana_devnet');
      expect((await call(ctx.app, 'DELETE', `/api/wallets/${current.id}`, { cookie: user.cookie })).statusCode).toBe(204);
      const next = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'solana_devnet' } });
      expect(next.statusCode).toBe(201);
      expect(next.json().balance).toBe('0.0000');
      // The day's claim went to an earlier wallet of the network: this one waits the rest of that day.
      expect(next.json().nextFaucetAt).not.toBeNull();
      const claim = await claimFaucet(ctx.app, user, next.json().id);
      expect(claim.statusCode).toBe(429);
      expect(claim.json().error.code).toBe('FAUCET_COOLDOWN');
    }
    expect(await mintedOn()).toBe(mintedBefore);
    await expectLedgerBalanced(ctx.database.db);
  });

  it('caps the wallets one account can ever create', async () => {
    const user = await signUp(ctx.app);
    for (let created = 3; created < MAX_WALLETS_PER_USER; created += 1) {
      const current = await walletOn(ctx.app, user, 'solana_devnet');
      expect((await call(ctx.app, 'DELETE', `/api/wallets/${current.id}`, { cookie: user.cookie })).statusCode).toBe(204);
      expect((await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'solana_devnet' } })).statusCode).toBe(201);
    }
    const current = await walletOn(ctx.app, user, 'solana_devnet');
    await call(ctx.app, 'DELETE', `/api/wallets/${current.id}`, { cookie: user.cookie });
    const refused = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'solana_devnet' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'WALLET_LIMIT_REACHED', message: WALLET_MESSAGES.walletLimitReached });
    await expectLedgerBalanced(ctx.database.db);
  });

  it('answers 404 for an id that is not a wallet of yours, whatever its shape', async () => {
    const user = await signUp(ctx.app);
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      const response = await call(ctx.app, 'DELETE', `/api/wallets/${encodeURIComponent(id)}`, { cookie: user.cookie });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it("never returns an ordinary account's private key from any route (only a shared demo account's test key is shown)", async () => {
    const user = await signUp(ctx.app);
    const list = await listWallets(ctx.app, user);
    const eth = list.find((wallet) => wallet.network === 'eth_sepolia')!;
    const other = await signUp(ctx.app);
    const otherEth = await walletOn(ctx.app, other, 'eth_sepolia');
    const bodies = [
      JSON.stringify(list),
      (await call(ctx.app, 'GET', `/api/fees?walletId=${eth.id}`, { cookie: user.cookie })).body,
      (await postSend(ctx.app, user, { walletId: eth.id, to: otherEth.address, amount: '2' })).body,
      (await call(ctx.app, 'GET', '/api/transactions', { cookie: user.cookie })).body,
      (await call(ctx.app, 'GET', '/api/transactions', { cookie: other.cookie })).body,
      (await call(ctx.app, 'GET', '/api/alerts', { cookie: user.cookie })).body,
      (await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'eth_sepolia' } })).body,
      (await call(ctx.app, 'GET', `/api/wallets/${eth.id}/test-key`, { cookie: user.cookie })).body,
    ];
    const vault = createKeyVault(await loadSecret('wallet-keys', { fromEnv: undefined, database: ctx.database, dataDir: undefined }));
    const ids = new Set([...list.map((wallet) => wallet.id), otherEth.id]);
    const walletRows = (await ctx.database.db.select().from(wallets)).filter((row) => ids.has(row.id));
    expect(walletRows).toHaveLength(4);
    for (const row of walletRows) {
      const privateKey = vault.open(row.encryptedPrivateKey, row.address);
      for (const body of bodies) {
        expect(body).not.toContain(privateKey);
        expect(body).not.toContain(row.encryptedPrivateKey);
      }
    }
  });

  it('creates the other wallets when one network fails, and a user left without any gets them on the next visit', async () => {
    const partial = await buildApp({
      logger: false,
      config: ctx.config,
      database: ctx.database,
      generateKeyPair: failingOn(['polygon_amoy']),
    });
    try {
      const user = await signUp(partial);
      expect((await listWallets(partial, user)).map((wallet) => wallet.network).sort()).toEqual(['eth_sepolia', 'solana_devnet']);
      // The missing one can still be added by hand.
      const added = await call(ctx.app, 'POST', '/api/wallets', { cookie: user.cookie, body: { network: 'polygon_amoy' } });
      expect(added.statusCode).toBe(201);
    } finally {
      await partial.close();
    }

    const broken = await buildApp({ logger: false, config: ctx.config, database: ctx.database, generateKeyPair: failingOn(NETWORK_IDS) });
    try {
      const signUpResponse = await call(broken, 'POST', '/api/auth/sign-up/email', {
        body: { name: 'Unlucky', email: `unlucky-${Date.now()}@example.com`, password: 'correct-horse-1' },
      });
      expect(signUpResponse.statusCode).toBe(200);
      const cookie = cookiesFrom(signUpResponse);
      expect(await listWallets(broken, { cookie })).toEqual([]);
      expect(await listWallets(ctx.app, { cookie })).toHaveLength(3);
    } finally {
      await broken.close();
    }
    await expectLedgerBalanced(ctx.database.db);
  });
});

describe.each(['pglite'] as const)('demo accounts [%s]', (kind) => {
  const ctx = useTestApp(kind, { shouldSeedDemoAccounts: true });

  it('have their three wallets from the first start', async () => {
    // Their Sepolia grants are spendable once a block includes them, as anyone's.
    await includePending(ctx);
    for (const account of DEMO_ACCOUNTS) {
      const signedIn = await signIn(ctx.app, account.email, DEMO_PASSWORD);
      expect(signedIn.statusCode).toBe(200);
      const list = await listWallets(ctx.app, { cookie: cookiesFrom(signedIn) });
      expect(list.map((wallet) => wallet.balance)).toEqual(['100.0000', '100.0000', '100.0000']);
    }
  });
});
