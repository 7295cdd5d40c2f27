import { pinFormatLocale } from '@fincrypt/domain';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema, type HTTPMethods } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { createEventBus, type EventBus } from './lib/event-bus.ts';
import { NO_CHAINS, evmChainsOf, simulatedNetworks, type Chains } from './chain/chains.ts';
import { createFeeMarket } from './chain/fee-market.ts';
import { createKeyVault } from './chain/key-vault.ts';
import { generateKeyPair, type KeyPairGenerator } from './chain/keys.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { httpTimeoutOptions } from './lib/http-timeouts.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { redactingLoggerOptions } from './lib/log-redaction.ts';
import { createPageCursors } from './lib/page-cursor.ts';
import { loadSecret } from './lib/secrets.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { alertRoutes } from './modules/alerts/routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { seedDemoAccounts } from './modules/auth/demo-accounts.ts';
import { authRateLimits, authRoutes } from './modules/auth/routes.ts';
import { readSession, sessionPlugin } from './modules/auth/session-plugin.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contactsRoutes } from './modules/contacts/routes.ts';
import { feeRoutes } from './modules/fees/routes.ts';
import { usdPriceFrom } from './modules/fees/usd-price.ts';
import { type ChainClockStatus, healthRoutes } from './modules/health/routes.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { createInsightsService } from './modules/insights/service.ts';
import { type PriceService, type PriceServiceOptions, createPriceService } from './modules/prices/price-service.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { paymentRequestRoutes, payPageRoutes } from './modules/payment-requests/routes.ts';
import { quoteRoutes } from './modules/quotes/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { explorerRoutes } from './modules/explorer/routes.ts';
import { rpcRoutes } from './modules/rpc/routes.ts';
import { createWalletService } from './modules/wallets/service.ts';
import { walletRoutes } from './modules/wallets/routes.ts';
import { createChainClock, type ChainClock } from './payments/clock.ts';
import { createPaymentsEngine, type PaymentsEngine } from './payments/engine.ts';
import type { SignUp } from './demo-network/participants.ts';
import { benchMetricsPlugin } from './plugins/bench-metrics.ts';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { textInputGuardPlugin } from './plugins/text-input-guard.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** false silences logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
  /** Where pino writes instead of stdout (tests read the log lines). */
  logStream?: DestinationStream;
  /** Where ledger events go after commit; main.ts shares it with the chain clock runner. */
  events?: EventBus;
  /** Tests swap in a failing generator to prove one network's failure does not stop the others. */
  generateKeyPair?: KeyPairGenerator;
  /**
   * Fan realtime events out to the other server processes on the same PostgreSQL
   * (@socket.io/postgres-adapter, with a small pool of its own). main.ts turns it on for PostgreSQL.
   */
  isRealtimeShared?: boolean;
  /** Tests pin the price service's clock, make its retries instant, or shorten how long a request waits for it. */
  prices?: Pick<PriceServiceOptions, 'now' | 'sleep' | 'maxWaitMs'>;
  /** The chain clock runner's state, shown by /api/health; main.ts passes it. */
  chainClockStatus?: () => ChainClockStatus;
  /**
   * The EVM networks on a real node (issue 49, decision 047): their sends go to the node, their grants come from its
   * treasury, and /rpc/{network} forwards to it. Left out, every network is simulated by the chain clock.
   */
  chains?: Chains;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The ledger's event bus, and a chain clock over this app's database that nothing drives: tests call
     * `app.ledger.clock.tick(nowMs)`; main.ts runs the clock through payments/clock-runner.ts instead.
     */
    ledger: { events: EventBus; clock: ChainClock; payments: PaymentsEngine };
    /** Signs an account up through the same path as POST /api/auth/sign-up (starter wallets included): the demo network's participants. */
    signUpAccount: SignUp;
    /** The price feed and its history; main.ts starts its recorder. */
    prices: PriceService;
    /** Every route the app registered (method and full URL), so tests can sweep all of them. */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

export const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version;

/** Builds the whole HTTP app without listening, so tests can `inject()` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // What the server writes (a payment request's amount in a refusal) reads the same on every machine.
  pinFormatLocale('en-US');
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // A failed statement's values (a session token, an email) never reach a log line.
            ...redactingLoggerOptions,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 100 * 1024,
    frameworkErrors: answerFrameworkError,
    trustProxy: config.trustProxy,
    ...httpTimeoutOptions(config.http),
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, schema: route.schema });
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const limiter = createRateLimiter(database.db);
  const authSecret = await loadSecret('auth', {
    fromEnv: config.authSecret,
    database,
    dataDir: database.dataDir,
  });
  const events = options.events ?? createEventBus();
  const secretOptions = { database, dataDir: database.dataDir };
  const vault = createKeyVault(await loadSecret('wallet-keys', { fromEnv: config.walletEncryptionKey, ...secretOptions }));
  const feeMarket = createFeeMarket(await loadSecret('fee-quotes', { fromEnv: undefined, ...secretOptions }));
  const cursors = createPageCursors(await loadSecret('page-cursors', { fromEnv: undefined, ...secretOptions }));
  const prices = createPriceService({ db: database.db, settings: config.prices, log: app.log, ...options.prices });
  const chains = options.chains ?? NO_CHAINS;
  const payments = createPaymentsEngine({
    db: database.db,
    events,
    vault,
    feeMarket,
    generateKeyPair: options.generateKeyPair ?? generateKeyPair,
    sendRule: { limit: config.rateLimits.sendPerUser, windowMs: 60_000 },
    faucetRule: { limit: config.rateLimits.faucetPerUser, windowMs: 60 * 60_000 },
    timeScale: config.chain.timeScale,
    usdPriceOf: (priceTokenId) => prices.snapshotAtHand().prices[priceTokenId].prices.usd,
    pricesAtHand: () => prices.snapshotAtHand(),
    quoteTtlMs: config.quotes.ttlMs,
    paymentRequestsOpenMax: config.paymentRequests.openMax,
    chains,
  });
  const wallets = createWalletService({ db: database.db, payments, vault, log: app.log });
  const clock = createChainClock({ db: database.db, events, timeScale: config.chain.timeScale, networks: simulatedNetworks(chains) });
  app.decorate('ledger', { events, clock, payments });

  const auth = createAuth({
    db: database.db,
    secret: authSecret,
    baseUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    log: app.log,
    onUserCreated: async (userId) => {
      await wallets.provisionStarterWallets(userId);
    },
  });
  if (config.shouldSeedDemoAccounts) await seedDemoAccounts(database.db, auth);
  app.decorate('signUpAccount', async (input: Parameters<SignUp>[0]) => (await auth.api.signUpEmail({ body: input })).user.id);

  app.decorate('prices', prices);
  app.addHook('onClose', async () => prices.close());
  const insights = createInsightsService({ db: database.db, prices, now: options.prices?.now });

  await app.register(errorHandlerPlugin);
  await app.register(textInputGuardPlugin);
  await app.register(securityHeadersPlugin, { isHttps: config.publicUrl.startsWith('https://') });
  await app.register(originCheckPlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(openApiPlugin, { version: APP_VERSION, sessionCookieName: (await auth.$context).authCookies.sessionToken.name });
  await app.register(sessionPlugin, { auth, db: database.db });
  // The benchmark's counters (bench/sends.ts starts its servers with it); never on otherwise.
  if (config.hasBenchMetrics) await app.register(benchMetricsPlugin);
  await app.register(realtimePlugin, {
    readSession: (headers) => readSession(auth, headers),
    events,
    trustedOrigins: config.trustedOrigins,
    adapterPool:
      options.isRealtimeShared && database.pool ? new pg.Pool({ ...database.pool.options, max: 2 }) : undefined,
    relayPool: options.isRealtimeShared && database.pool ? new pg.Pool({ ...database.pool.options, max: 2 }) : undefined,
    heartbeatMs: database.postgres?.heartbeatMs,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: APP_VERSION, chainClockStatus: options.chainClockStatus });
      await api.register(contactRoutes, { database, limiter, perMinute: config.rateLimits.contactPerIp });
      const authLimits = authRateLimits(config.rateLimits);
      await api.register(authRoutes, { prefix: '/auth', auth, limiter, limits: authLimits, database, events });
      await api.register(accountRoutes, {
        prefix: '/account',
        database,
        auth,
        events,
        limiter,
        lockout: authLimits.lockout,
        emailChanges: { perUser: authLimits.emailChangesPerUser, perAddress: authLimits.signUpPerIp },
      });
      await api.register(walletRoutes, { wallets });
      await api.register(feeRoutes, { db: database.db, feeMarket, usdPrice: usdPriceFrom(prices) });
      await api.register(transactionRoutes, { db: database.db, payments, timeScale: config.chain.timeScale, cursors });
      await api.register(quoteRoutes, {
        db: database.db,
        payments,
        limiter,
        quoteRule: { limit: config.rateLimits.quotePerUser, windowMs: 60_000 },
      });
      await api.register(contactsRoutes, { db: database.db });
      await api.register(paymentRequestRoutes, {
        payments,
        limiter,
        createRule: { limit: config.rateLimits.paymentRequestPerUser, windowMs: 60 * 60_000 },
      });
      await api.register(payPageRoutes, { payments, limiter, readRule: { limit: config.rateLimits.payPagePerIp, windowMs: 60_000 } });
      await api.register(explorerRoutes, {
        db: database.db,
        timeScale: config.chain.timeScale,
        cursors,
        rateRule: { limit: config.rateLimits.explorerPerIp, windowMs: 60_000 },
      });
      await api.register(alertRoutes, { db: database.db, prices });
      await api.register(priceRoutes, { prices });
      await api.register(insightsRoutes, { prefix: '/insights', insights });
    },
    { prefix: '/api' },
  );

  await app.register(rpcRoutes, { prefix: '/rpc', nodeUrls: Object.fromEntries(evmChainsOf(chains).map((chain) => [chain.network, chain.url])), rateRule: { limit: config.rateLimits.rpcPerIp, windowMs: 60_000 } });
  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
