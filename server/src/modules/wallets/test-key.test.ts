import { API_ERRORS, DEMO_ACCOUNTS, DEMO_PASSWORD, NETWORKS, walletTestKeyPath, walletTestKeySchema } from '@fincrypt/domain';
import { parseEther, recoverTransactionAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, call, cookiesFrom, signIn, signUp } from '../../test/auth-client.ts';
import { externalAddress, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * "Show test key" (issue 49, item 9): a demo account reads its EVM wallet's private key to import it into MetaMask,
 * where it signs for the wallet's address. Every other account, wallet or network is refused, and the key never
 * reaches a log line.
 */
describe("a demo account's test key, GET /api/wallets/:id/test-key", () => {
  const logLines: string[] = [];
  const ctx = useTestApp('pglite', {
    shouldSeedDemoAccounts: true,
    config: { logLevel: 'trace' },
    app: { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
  });
  let demo: Pick<TestUser, 'cookie'>;
  const shownKeys: string[] = [];

  const signInAs = async (account: (typeof DEMO_ACCOUNTS)[number]) => ({ cookie: cookiesFrom(await signIn(ctx.app, account.email, DEMO_PASSWORD)) });
  const readKey = (user: Pick<TestUser, 'cookie'>, walletId: string) => call(ctx.app, 'GET', walletTestKeyPath(walletId), { cookie: user.cookie });

  beforeAll(async () => {
    demo = await signInAs(DEMO_ACCOUNTS[0]);
  });

  it("shows a demo account its EVM wallet's key, which signs for the wallet's address on each EVM chain", async () => {
    const sepolia = await walletOn(ctx.app, demo, 'eth_sepolia');
    const amoy = await walletOn(ctx.app, demo, 'polygon_amoy');
    const answer = await readKey(demo, sepolia.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Object.keys(answer.json()).sort()).toEqual(['address', 'privateKey']);
    const shown = walletTestKeySchema.parse(answer.json());
    expect(shown.address).toBe(sepolia.address);
    shownKeys.push(shown.privateKey);
    // One EVM account on both chains, as MetaMask shows it: Amoy's wallet answers the same key.
    expect((await readKey(demo, amoy.id)).json()).toEqual(shown);

    // Imported into a wallet (viem's accounts here, as MetaMask's "Private key" import), it signs as the wallet's address.
    const account = privateKeyToAccount(shown.privateKey as `0x${string}`);
    expect(account.address).toBe(sepolia.address);
    for (const network of ['eth_sepolia', 'polygon_amoy'] as const) {
      const signed = await account.signTransaction({
        chainId: NETWORKS[network].chainId,
        type: 'eip1559',
        to: externalAddress(network) as `0x${string}`,
        value: parseEther('0.25'),
        nonce: 0,
        gas: 21_000n,
        maxFeePerGas: 30_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      expect(await recoverTransactionAddress({ serializedTransaction: signed as `0x02${string}` })).toBe(sepolia.address);
    }
  });

  it("refuses a Solana wallet (400), another account's or a disconnected wallet (404), and any account but a demo one (403)", async () => {
    const solana = await walletOn(ctx.app, demo, 'solana_devnet');
    const refused = await readKey(demo, solana.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: 'TEST_KEY_EVM_ONLY', message: API_ERRORS.TEST_KEY_EVM_ONLY.messages.evmOnly('solana_devnet') } });

    const sepolia = await walletOn(ctx.app, demo, 'eth_sepolia');
    const notFound = { error: { code: 'NOT_FOUND', message: 'Wallet not found' } };
    const otherDemo = await signInAs(DEMO_ACCOUNTS[1]);
    const person = await signUp(ctx.app, { name: 'Not A Demo' });
    for (const stranger of [otherDemo, person]) {
      const answer = await readKey(stranger, sepolia.id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(notFound);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-wallet-id']) expect((await readKey(demo, id)).json()).toEqual(notFound);
    expect((await call(ctx.app, 'GET', walletTestKeyPath(sepolia.id))).statusCode).toBe(401);

    // Someone's own account is not a shared one: its keys stay sealed.
    const own = await readKey(person, (await walletOn(ctx.app, person, 'eth_sepolia')).id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: { code: 'TEST_KEY_DEMO_ONLY', message: API_ERRORS.TEST_KEY_DEMO_ONLY.messages.demoOnly } });

    const amoy = await walletOn(ctx.app, otherDemo, 'polygon_amoy');
    expect((await call(ctx.app, 'DELETE', `/api/wallets/${amoy.id}`, { cookie: otherDemo.cookie })).statusCode).toBe(204);
    expect((await readKey(otherDemo, amoy.id)).json()).toEqual(notFound);
  });

  it('never writes the key to a log line', () => {
    expect(shownKeys).toHaveLength(1);
    expect(logLines.some((line) => line.includes('/test-key'))).toBe(true);
    for (const key of shownKeys) {
      const hex = key.slice(2);
      expect(logLines.filter((line) => line.toLowerCase().includes(hex))).toEqual([]);
    }
  });
});
