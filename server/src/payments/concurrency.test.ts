import { randomInt } from 'node:crypto';
import { SEND_MESSAGES, type SendResponse, type WalletView } from '@fincrypt/domain';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { wallets } from '../db/schema.ts';
import { signUp, type TestUser } from '../test/auth-client.ts';
import { expectLedgerBalanced, externalAddress, postSend, walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { testDatabaseKinds } from '../test/test-database.ts';

const ETH = 10n ** 18n;

/** Concurrency is only real on PostgreSQL: PGlite has one connection and runs transactions one after another. */
describe.runIf(testDatabaseKinds().includes('postgres'))('concurrent sends [postgres]', () => {
  const ctx = useTestApp('postgres');

  it('lets exactly the affordable ones of 50 concurrent overdrafts through', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const to = externalAddress('eth_sepolia');
    const responses = await Promise.all(Array.from({ length: 50 }, () => postSend(ctx.app, user, { walletId: wallet.id, to, amount: '50.5' })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    for (const response of responses.filter((item) => item.statusCode === 400)) {
      expect(response.json().error.message).toBe(SEND_MESSAGES.insufficientBalance);
    }
    const sent: SendResponse = responses.find((response) => response.statusCode === 201)!.json();
    const [row] = await ctx.database.db.select({ balance: wallets.balance }).from(wallets).where(inArray(wallets.id, [wallet.id]));
    expect(row?.balance).toBe(100n * ETH - 505n * ETH / 10n - BigInt(sent.transaction.feeUnits));
    await expectLedgerBalanced(ctx.database.db);
  });

  it('keeps the ledger exact through 200 concurrent random transfers among 10 wallets with a hot one', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 10; i += 1) users.push(await signUp(ctx.app, { name: `Crowd ${i}` }));
    const crowd: WalletView[] = await Promise.all(users.map((user) => walletOn(ctx.app, user, 'eth_sepolia')));
    const hot = 0;
    const transfers = Array.from({ length: 200 }, (_, i) => {
      // Half of the transfers touch the hot wallet, in both directions; some leave the system.
      const from = i % 4 === 0 ? hot : randomInt(10);
      let to = i % 4 === 1 ? hot : randomInt(10);
      if (to === from) to = (from + 1 + randomInt(9)) % 10;
      const isOutside = i % 10 === 9;
      const amountUnits = BigInt(randomInt(1, 500)) * 10n ** 16n; // 0.01 to 4.99 ETH
      return { from, to: isOutside ? undefined : to, amountUnits };
    });
    const expected = crowd.map((wallet) => BigInt(wallet.balanceUnits));
    const responses = await Promise.all(
      transfers.map((transfer) =>
        postSend(ctx.app, users[transfer.from]!, {
          walletId: crowd[transfer.from]!.id,
          to: transfer.to === undefined ? externalAddress('eth_sepolia') : crowd[transfer.to]!.address,
          amount: `${transfer.amountUnits / ETH}.${(transfer.amountUnits % ETH).toString().padStart(18, '0')}`,
          speed: 'fast',
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
    transfers.forEach((transfer, i) => {
      const response = responses[i]!;
      if (response.statusCode === 400) {
        expect(response.json().error.message).toBe(SEND_MESSAGES.insufficientBalance);
        return;
      }
      expect(response.statusCode).toBe(201);
      expected[transfer.from]! -= transfer.amountUnits + BigInt(response.json().transaction.feeUnits);
      if (transfer.to !== undefined) expected[transfer.to]! += transfer.amountUnits;
    });
    // Most go through (the amounts are small against 100 ETH), so the locks really were contended.
    expect(responses.filter((response) => response.statusCode === 201).length).toBeGreaterThan(100);
    const rows = await ctx.database.db.select({ id: wallets.id, balance: wallets.balance }).from(wallets).where(inArray(wallets.id, crowd.map((wallet) => wallet.id)));
    const balanceById = new Map(rows.map((row) => [row.id, row.balance]));
    expect(crowd.map((wallet) => balanceById.get(wallet.id))).toEqual(expected);
    await expectLedgerBalanced(ctx.database.db);
  });
});
