import { faucetResponseSchema } from '@fincrypt/domain';
import { expect, it } from 'vitest';
import { call, signUp } from '../test/auth-client.ts';
import { walletOn } from '../test/ledger-client.ts';
import { useTestApp } from '../test/test-app.ts';
import { describeEachDatabase } from '../test/test-database.ts';

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; anyOf?: Schema[]; required?: string[] };
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
};

/** A schema's properties, looking through nullable/optional wrappers (anyOf). */
function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  if (schema.properties) return schema.properties;
  return Object.assign({}, ...(schema.anyOf ?? []).map(propertiesOf));
}

describeEachDatabase('OpenAPI document: assets', (kind) => {
  const ctx = useTestApp(kind);
  let spec: { info: { description: string }; paths: Record<string, Record<string, Operation>> };
  const operation = (path: string, method: string) => {
    const found = spec.paths[path]?.[method];
    expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
    return found!;
  };
  const json200 = (op: Operation, status = '200') => op.responses[status]!.content!['application/json']!.schema;

  it('is served', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    spec = response.json();
  });

  it('introduces assets, fees in the native coin and the faucet', () => {
    for (const text of ['## Assets', 'USDC', 'INSUFFICIENT_FEE_BALANCE', 'feeSymbol', '?asset=USDC', '/api/wallets/{id}/faucet', 'FAUCET_COOLDOWN']) {
      expect(spec.info.description).toContain(text);
    }
  });

  it('documents each wallet’s balances as a list of { asset, symbol, decimals, balance, … } and when the faucet is next open', () => {
    const list = json200(operation('/api/wallets', 'get'));
    const wallet = propertiesOf(propertiesOf(list).wallets?.items);
    expect(Object.keys(wallet)).toEqual(expect.arrayContaining(['balances', 'nextFaucetAt', 'balance']));
    const entry = propertiesOf(wallet.balances!.items);
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(['asset', 'symbol', 'name', 'decimals', 'kind', 'balance', 'balanceUnits', 'standard', 'contractAddress']));
  });

  it('documents the asset of a send, of a fee quote, of a transaction, and the list filter', () => {
    const send = operation('/api/transactions', 'post');
    expect(Object.keys(propertiesOf(send.requestBody!.content['application/json']!.schema))).toContain('asset');
    const fees = operation('/api/fees', 'get');
    expect(fees.parameters!.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['walletId', 'asset']));
    expect(Object.keys(propertiesOf(json200(fees)))).toEqual(expect.arrayContaining(['asset', 'feeBalance', 'feeBalanceUnits', 'gasUsed']));

    const list = operation('/api/transactions', 'get');
    const assetFilter = list.parameters!.find((parameter) => parameter.name === 'asset') as { schema?: Schema } | undefined;
    expect(assetFilter?.schema?.enum).toEqual(expect.arrayContaining(['ETH', 'MATIC', 'SOL', 'USDC']));
    const transaction = propertiesOf(propertiesOf(json200(list)).items?.items);
    expect(Object.keys(transaction)).toEqual(expect.arrayContaining(['asset', 'symbol', 'feeSymbol', 'tokenAddress', 'type']));
    expect(transaction.type!.enum).toEqual(expect.arrayContaining(['send', 'receive', 'mint']));
  });

  it('documents the faucet: 201 FaucetResponse, 429 with Retry-After, 404', () => {
    const faucet = operation('/api/wallets/{id}/faucet', 'post');
    expect(Object.keys(propertiesOf(json200(faucet, '201')))).toEqual(['wallet', 'transactions', 'nextClaimAt']);
    expect(faucet.responses['429']!.description).toContain('FAUCET_COOLDOWN');
    expect(faucet.responses['429']!.headers).toHaveProperty('retry-after');
    expect(Object.keys(propertiesOf(json200(faucet, '429')))).toEqual(['error']);
    expect(faucet.responses['404']!.description).toContain('NOT_FOUND');
  });

  it('answers the faucet as documented: 201 FaucetResponse, then 429 FAUCET_COOLDOWN with Retry-After; 404 NOT_FOUND for another user', async () => {
    const user = await signUp(ctx.app);
    const wallet = await walletOn(ctx.app, user, 'solana_devnet');
    const first = await call(ctx.app, 'POST', `/api/wallets/${wallet.id}/faucet`, { cookie: user.cookie });
    expect(first.statusCode, first.body).toBe(201);
    const claimed = faucetResponseSchema.parse(first.json());
    expect(claimed.transactions.map((transaction) => [transaction.type, transaction.asset, transaction.amount])).toEqual([
      ['mint', 'SOL', '10'],
      ['mint', 'USDC', '500'],
    ]);
    const again = await call(ctx.app, 'POST', `/api/wallets/${wallet.id}/faucet`, { cookie: user.cookie });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('FAUCET_COOLDOWN');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const stranger = await signUp(ctx.app);
    const foreign = await call(ctx.app, 'POST', `/api/wallets/${wallet.id}/faucet`, { cookie: stranger.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Wallet not found' });
  });

  it('keeps USDC in the prices and out of the market figures', () => {
    // A record keyed by the price ids: every one of them required.
    const prices = propertiesOf(json200(operation('/api/prices', 'get'))).prices;
    expect(prices?.required).toEqual(['ethereum', 'matic-network', 'solana', 'usd-coin']);
    const orderBook = operation('/api/insights/order-book', 'get').parameters!.find((parameter) => parameter.name === 'token') as { schema?: Schema };
    expect(orderBook.schema?.enum).toEqual(['ethereum', 'matic-network', 'solana']);
  });
});
