import path from 'node:path';
import { DEFAULT_QUOTE_TTL_MS, PAYMENT_REQUEST_LIMITS } from '@fincrypt/domain';

export interface AppConfig {
  port: number;
  /**
   * ADMIN_PORT: the operator's listener (the ledger check), always on 127.0.0.1 and never on the public port; off
   * when unset. 0 picks a free port (tests).
   */
  adminPort: number | undefined;
  /** The address to listen on: 127.0.0.1 unless HOST says otherwise (HOST=0.0.0.0 in a container). */
  host: string;
  http: HttpTimeouts;
  /** Where PGlite keeps its files when no DATABASE_URL is given. */
  dataDir: string;
  /** A postgres:// URL switches from the embedded database to a real PostgreSQL server. */
  databaseUrl: string | undefined;
  /** Pool size and the bounds on every PostgreSQL connection and query (unused on PGlite). */
  postgres: PostgresSettings;
  /** Built SPA to serve; when missing the API still runs. */
  webDistDir: string;
  logLevel: string;
  /** The URL people open (scheme, host, port); cookies are Secure when it is https. */
  publicUrl: string;
  /** Public origin(s) allowed for cookie-authenticated writes and the realtime handshake. */
  trustedOrigins: string[];
  /** Signs sessions and encrypts 2FA secrets; generated once and stored when unset. */
  authSecret: string | undefined;
  rateLimits: RateLimitCounts;
  /** Create the three demo accounts at start when they are missing. */
  shouldSeedDemoAccounts: boolean;
  /** Seals wallet private keys; generated once and stored when unset (see lib/secrets.ts). */
  walletEncryptionKey: string | undefined;
  chain: ChainSettings;
  evmChains: EvmChainSettings;
  /** Firm quotes (POST /api/quotes): how long one is honoured (QUOTE_TTL_SECONDS, 30 by default). */
  quotes: { ttlMs: number };
  /** Payment requests: how many open (unexpired) ones a user may have (PAYMENT_REQUESTS_OPEN_MAX, 20 by default). */
  paymentRequests: { openMax: number };
  prices: PriceFeedSettings;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (rate limits, the loopback-only
   * ledger check): false = none, otherwise their addresses (proxy-addr syntax, comma-separated).
   */
  trustProxy: false | string;
  demoNetwork: DemoNetworkSettings;
  /**
   * BENCH_METRICS=1: the benchmark's servers count their statements and CPU time and answer
   * GET /api/_bench/metrics (decision 010). Off unless exactly "1"; never on a server people use.
   */
  hasBenchMetrics: boolean;
}

/**
 * The demo network (server/src/demo-network/): simulated participants who pay each other and now and then the
 * demo accounts, so a fresh instance shows a network at work. Only the chain clock's leader drives it.
 */
export interface DemoNetworkSettings {
  /**
   * DEMO_NETWORK=on|off. On by default for the embedded database (`npm start`); off by default on PostgreSQL
   * (a shared server is not filled with simulated people unasked) and whenever NODE_ENV=test.
   */
  isOn: boolean;
  /** Payments per minute of chain time (DEMO_NETWORK_PAYMENTS_PER_MINUTE, 4 by default): CHAIN_TIME_SCALE speeds them up too. */
  paymentsPerMinute: number;
  /** How many of the roster take part (DEMO_NETWORK_PARTICIPANTS, 8 by default, 2 to DEMO_NETWORK_ROSTER_SIZE). */
  participants: number;
}

/** The roster's size (server/src/demo-network/roster.ts holds that many participants). */
export const DEMO_NETWORK_ROSTER_SIZE = 12;
export const DEFAULT_DEMO_NETWORK_PAYMENTS_PER_MINUTE = 4;
export const DEFAULT_DEMO_NETWORK_PARTICIPANTS = 8;
/** Above this the demo network would drown the ledger it is meant to enliven. */
export const MAX_DEMO_NETWORK_PAYMENTS_PER_MINUTE = 600;

export function readDemoNetworkSettings(env: NodeJS.ProcessEnv): DemoNetworkSettings {
  const switchValue = env.DEMO_NETWORK?.trim().toLowerCase() ?? '';
  let isOn: boolean;
  if (switchValue === '') isOn = env.NODE_ENV !== 'test' && !env.DATABASE_URL;
  else if (switchValue === 'on') isOn = true;
  else if (switchValue === 'off') isOn = false;
  else throw new Error(`DEMO_NETWORK must be "on" or "off", got "${env.DEMO_NETWORK}"`);

  const rawRate = env.DEMO_NETWORK_PAYMENTS_PER_MINUTE;
  let paymentsPerMinute = DEFAULT_DEMO_NETWORK_PAYMENTS_PER_MINUTE;
  if (rawRate !== undefined && rawRate.trim() !== '') {
    paymentsPerMinute = Number(rawRate);
    if (!Number.isFinite(paymentsPerMinute) || paymentsPerMinute <= 0 || paymentsPerMinute > MAX_DEMO_NETWORK_PAYMENTS_PER_MINUTE) {
      throw new Error(
        `DEMO_NETWORK_PAYMENTS_PER_MINUTE must be a number above 0 and at most ${MAX_DEMO_NETWORK_PAYMENTS_PER_MINUTE}, got "${rawRate}"`,
      );
    }
  }

  const rawCount = env.DEMO_NETWORK_PARTICIPANTS;
  let participants = DEFAULT_DEMO_NETWORK_PARTICIPANTS;
  if (rawCount !== undefined && rawCount.trim() !== '') {
    participants = Number(rawCount);
    if (!Number.isInteger(participants) || participants < 2 || participants > DEMO_NETWORK_ROSTER_SIZE) {
      throw new Error(`DEMO_NETWORK_PARTICIPANTS must be a whole number from 2 to ${DEMO_NETWORK_ROSTER_SIZE}, got "${rawCount}"`);
    }
  }
  return { isOn, paymentsPerMinute, participants };
}

/**
 * Every PostgreSQL connection is bounded, so a database that stops answering (a network that drops packets
 * without closing anything) turns into 503s within seconds instead of requests that hang. 0 turns one off.
 */
export interface PostgresSettings {
  /** Connections per process in the main pool. */
  poolMax: number;
  /** Opening a connection, or waiting for a free one, fails after this (PG_CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer than this (statement_timeout; SQLSTATE 57014). */
  statementTimeoutMs: number;
  /**
   * The client gives up on an answer after this (node-postgres query_timeout) and closes the connection:
   * the bound that holds when the server never hears the statement. Above the statement timeout, so a slow
   * statement is cancelled by the server first.
   */
  queryTimeoutMs: number;
  /** PostgreSQL ends a session left in an open transaction this long (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
  /**
   * PostgreSQL ends the chain clock's lock connection after this long without a word from it
   * (idle_session_timeout), releasing the lock for another process when its leader went silent.
   */
  idleSessionTimeoutMs: number;
  /** TCP keepalive probes start after this much silence on a connection (both ends). */
  keepAliveDelayMs: number;
  /** How often connections held open for LISTEN are checked with a statement (bounded by queryTimeoutMs). */
  heartbeatMs: number;
}

export const DEFAULT_POSTGRES_SETTINGS: PostgresSettings = {
  poolMax: 20,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  queryTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 10_000,
  idleSessionTimeoutMs: 10_000,
  keepAliveDelayMs: 10_000,
  heartbeatMs: 5_000,
};

/** A whole number of milliseconds, 0 or more. */
function readMillis(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds (0 or more), got "${raw}"`);
  return value;
}

export function readPostgresSettings(env: NodeJS.ProcessEnv = process.env): PostgresSettings {
  const defaults = DEFAULT_POSTGRES_SETTINGS;
  return {
    poolMax: readCount(env.PG_POOL_MAX, defaults.poolMax, 'PG_POOL_MAX'),
    connectionTimeoutMs: readMillis(env.PG_CONNECTION_TIMEOUT_MS, defaults.connectionTimeoutMs, 'PG_CONNECTION_TIMEOUT_MS'),
    statementTimeoutMs: readMillis(env.PG_STATEMENT_TIMEOUT_MS, defaults.statementTimeoutMs, 'PG_STATEMENT_TIMEOUT_MS'),
    queryTimeoutMs: readMillis(env.PG_QUERY_TIMEOUT_MS, defaults.queryTimeoutMs, 'PG_QUERY_TIMEOUT_MS'),
    idleInTransactionTimeoutMs: readMillis(
      env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      defaults.idleInTransactionTimeoutMs,
      'PG_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    ),
    idleSessionTimeoutMs: readMillis(env.PG_IDLE_SESSION_TIMEOUT_MS, defaults.idleSessionTimeoutMs, 'PG_IDLE_SESSION_TIMEOUT_MS'),
    keepAliveDelayMs: readMillis(env.PG_KEEPALIVE_DELAY_MS, defaults.keepAliveDelayMs, 'PG_KEEPALIVE_DELAY_MS'),
    heartbeatMs: readCount(env.PG_HEARTBEAT_MS, defaults.heartbeatMs, 'PG_HEARTBEAT_MS'),
  };
}

/** How long the HTTP server waits on a client (plugins and routes never see a request that is cut off). */
export interface HttpTimeouts {
  /** The whole request, headers and body, must have arrived within this: otherwise 408 and the connection closes. */
  requestTimeoutMs: number;
  /** The headers must have arrived within this (a connection that sends nothing is closed after it too). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this; above the 60 s idle timeout of common load balancers. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (a client that stops reading its answer). */
  idleSocketTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  idleSocketTimeoutMs: 120_000,
};

function readHttpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const requestTimeoutMs = readCount(env.REQUEST_TIMEOUT_MS, DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs, 'REQUEST_TIMEOUT_MS');
  const headersTimeoutMs = readCount(
    env.REQUEST_HEADERS_TIMEOUT_MS,
    Math.min(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs, requestTimeoutMs),
    'REQUEST_HEADERS_TIMEOUT_MS',
  );
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`REQUEST_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be above REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return { ...DEFAULT_HTTP_TIMEOUTS, requestTimeoutMs, headersTimeoutMs };
}

/** Proxies on this machine or a private network: where a load balancer in front of the app sits. */
export const PRIVATE_NETWORK_PROXIES = 'loopback,linklocal,uniquelocal';

/**
 * TRUST_PROXY: unset or `false` trusts no proxy; `true` trusts proxies on a private address
 * (PRIVATE_NETWORK_PROXIES); anything else is a comma-separated list of proxy addresses or CIDR ranges.
 * Never "trust everything": the client address is the nearest one a trusted proxy appended, so what a
 * client writes into X-Forwarded-For itself cannot choose its rate-limit key or pass for 127.0.0.1.
 */
export function readTrustProxy(raw: string | undefined): false | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return PRIVATE_NETWORK_PROXIES;
  return value;
}

export interface PriceFeedSettings {
  /** Base URL of a CoinGecko-compatible API (…/api/v3); unset = the simulated feed only. */
  apiUrl: string | undefined;
  /** Sent as x-cg-demo-api-key when set (CoinGecko's free tier asks for one). */
  apiKey: string | undefined;
  timeoutMs: number;
  retries: number;
  /** Attempt n waits n × this before it starts (1 s, 2 s, 3 s with the default). */
  retryBaseDelayMs: number;
  /** One upstream call per this many milliseconds, however many people ask. */
  cacheTtlMs: number;
  /** How often main.ts records prices when nobody is asking, so history keeps growing. */
  recordIntervalMs: number;
}

/** The price feed's figures (docs/product.md#prices): 5 s timeout, 3 retries, 1 s × attempt back-off, 15 s cache. */
export const DEFAULT_PRICE_FEED_SETTINGS: Omit<PriceFeedSettings, 'apiUrl' | 'apiKey'> = {
  timeoutMs: 5000,
  retries: 3,
  retryBaseDelayMs: 1000,
  cacheTtlMs: 15_000,
  recordIntervalMs: 60_000,
};

function readPriceApiUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PRICE_API_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PRICE_API_URL must be an http(s) URL, got "${raw}"`);
  return url.toString().replace(/\/$/, '');
}

export interface ChainSettings {
  /** Chain time runs this many times faster than the wall clock: 60 turns a 30 s wait into half a second. */
  timeScale: number;
  /** Wall-clock pause between two ticks of the chain clock. */
  tickIntervalMs: number;
}

/** The EVM networks' chains (issue 49, decision 047). */
export interface EvmChainSettings {
  /**
   * CHAIN: 'local' (the default) runs Ethereum Sepolia and Polygon Amoy on real nodes, a local Anvil each unless a URL
   * names another node; 'simulated' keeps the chain clock's simulated chains for them.
   */
  mode: 'local' | 'simulated';
  /** SEPOLIA_RPC_URL, AMOY_RPC_URL: a node (a real testnet through a provider) used instead of a local one. */
  nodeUrls: Partial<Record<'eth_sepolia' | 'polygon_amoy', string>>;
  /** CHAIN_TREASURY_SECRET: the treasury's key is derived from it (at least 32 characters); generated and kept when unset. */
  treasurySecret: string | undefined;
}

function readEvmMode(raw: string | undefined): EvmChainSettings['mode'] {
  if (raw === undefined || raw === '' || raw === 'local') return 'local';
  if (raw === 'simulated') return 'simulated';
  throw new Error(`CHAIN must be "local" or "simulated", got "${raw}"`);
}

function readNodeUrl(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return url.toString();
}

/** About 300 ms of chain time between ticks, but never busier than every 20 ms of wall time. */
export function defaultTickIntervalMs(timeScale: number): number {
  return Math.min(300, Math.max(20, Math.round(300 / timeScale)));
}

function readTimeScale(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100_000) {
    throw new Error(`CHAIN_TIME_SCALE must be a number above 0 and at most 100000, got "${raw}"`);
  }
  return scale;
}

/** How many attempts each limit allows per window (windows are fixed: see modules/auth/routes.ts). */
export interface RateLimitCounts {
  signInPerIp: number;
  /** Failed sign-ins for one account from one client address before that address waits (15 min, doubling). */
  signInFailuresPerAccount: number;
  /** Failed sign-ins for one account from every address together, per hour: then everyone waits. */
  signInFailuresPerAccountPerHour: number;
  /** Email changes one user may try per hour. */
  emailChangesPerUser: number;
  signUpPerIp: number;
  twoFactorPerIp: number;
  contactPerIp: number;
  /** Sends per user per minute. */
  sendPerUser: number;
  /** Faucet claims per user per hour (each wallet may claim once a day besides). */
  faucetPerUser: number;
  /** Firm quotes per user per minute. */
  quotePerUser: number;
  /** Payment requests one user may create per hour. */
  paymentRequestPerUser: number;
  /** Reads of the public pay page (`GET /api/pay/:id`) per IP per minute. */
  payPagePerIp: number;
  /** Requests to the public explorer (`/api/explorer/*`, every route together) per IP per minute, per server process. */
  explorerPerIp: number;
  /** JSON-RPC calls to `/rpc/{network}` (each call of a batch counts) per IP per minute, per server process. */
  rpcPerIp: number;
}

export const DEFAULT_RATE_LIMIT_COUNTS: RateLimitCounts = {
  signInPerIp: 30,
  signInFailuresPerAccount: 5,
  signInFailuresPerAccountPerHour: 100,
  emailChangesPerUser: 5,
  signUpPerIp: 10,
  twoFactorPerIp: 10,
  contactPerIp: 10,
  sendPerUser: 30,
  faucetPerUser: 5,
  // A form asks for one per Review click and per "Get a new quote": two a second is far above any person.
  quotePerUser: 120,
  // Far above anyone asking for money by hand; it bounds a script filling the table (the open limit bounds the rest).
  paymentRequestPerUser: 60,
  // A pay page is read once per visit and again after sign-in; this bounds guessing at ids (they are 128 random bits anyway).
  payPagePerIp: 120,
  // An explorer home is four reads and each live block or figure update a few more: a reader stays far below this.
  explorerPerIp: 600,
  // A wallet polls a network's block number and balances every few seconds: about 60 calls a minute.
  rpcPerIp: 600,
};

function readCount(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function readPort<Fallback extends number | undefined>(raw: string | undefined, fallback: Fallback, name = 'PORT'): number | Fallback {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/**
 * TRUSTED_ORIGINS when set; else the public URL's origin, and beside a plain-http one (a machine of one's own) the
 * same port on localhost and 127.0.0.1. Beside an https public URL nothing over plain http is trusted unless listed.
 */
export function readTrustedOrigins(raw: string | undefined, publicUrl: string, port: number): string[] {
  if (raw !== undefined) return raw.split(',').map((origin) => origin.trim()).filter(Boolean);
  const origin = new URL(publicUrl).origin;
  if (origin.startsWith('https:')) return [origin];
  return [...new Set([origin, `http://localhost:${port}`, `http://127.0.0.1:${port}`])];
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readPort(env.PORT, 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const defaults = DEFAULT_RATE_LIMIT_COUNTS;
  const timeScale = readTimeScale(env.CHAIN_TIME_SCALE);
  return {
    port,
    adminPort: readPort(env.ADMIN_PORT, undefined, 'ADMIN_PORT'),
    // Loopback only unless told otherwise: a container or another machine's balancer needs HOST=0.0.0.0.
    host: env.HOST?.trim() || '127.0.0.1',
    http: readHttpTimeouts(env),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    postgres: readPostgresSettings(env),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl,
    trustedOrigins: readTrustedOrigins(env.TRUSTED_ORIGINS, publicUrl, port),
    authSecret: env.FINCRYPT_AUTH_SECRET || undefined,
    rateLimits: {
      signInPerIp: readCount(env.RATE_LIMIT_SIGN_IN_PER_IP, defaults.signInPerIp, 'RATE_LIMIT_SIGN_IN_PER_IP'),
      signInFailuresPerAccount: readCount(
        env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT,
        defaults.signInFailuresPerAccount,
        'RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT',
      ),
      signInFailuresPerAccountPerHour: readCount(
        env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR,
        defaults.signInFailuresPerAccountPerHour,
        'RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR',
      ),
      emailChangesPerUser: readCount(env.RATE_LIMIT_EMAIL_CHANGES_PER_USER, defaults.emailChangesPerUser, 'RATE_LIMIT_EMAIL_CHANGES_PER_USER'),
      signUpPerIp: readCount(env.RATE_LIMIT_SIGN_UP_PER_IP, defaults.signUpPerIp, 'RATE_LIMIT_SIGN_UP_PER_IP'),
      twoFactorPerIp: readCount(env.RATE_LIMIT_TWO_FACTOR_PER_IP, defaults.twoFactorPerIp, 'RATE_LIMIT_TWO_FACTOR_PER_IP'),
      contactPerIp: readCount(env.RATE_LIMIT_CONTACT_PER_IP, defaults.contactPerIp, 'RATE_LIMIT_CONTACT_PER_IP'),
      sendPerUser: readCount(env.RATE_LIMIT_SEND_PER_USER, defaults.sendPerUser, 'RATE_LIMIT_SEND_PER_USER'),
      faucetPerUser: readCount(env.RATE_LIMIT_FAUCET_PER_USER, defaults.faucetPerUser, 'RATE_LIMIT_FAUCET_PER_USER'),
      quotePerUser: readCount(env.RATE_LIMIT_QUOTE_PER_USER, defaults.quotePerUser, 'RATE_LIMIT_QUOTE_PER_USER'),
      paymentRequestPerUser: readCount(
        env.RATE_LIMIT_PAYMENT_REQUESTS_PER_USER,
        defaults.paymentRequestPerUser,
        'RATE_LIMIT_PAYMENT_REQUESTS_PER_USER',
      ),
      payPagePerIp: readCount(env.RATE_LIMIT_PAY_PAGE_PER_IP, defaults.payPagePerIp, 'RATE_LIMIT_PAY_PAGE_PER_IP'),
      explorerPerIp: readCount(env.RATE_LIMIT_EXPLORER_PER_IP, defaults.explorerPerIp, 'RATE_LIMIT_EXPLORER_PER_IP'),
      rpcPerIp: readCount(env.RATE_LIMIT_RPC_PER_IP, defaults.rpcPerIp, 'RATE_LIMIT_RPC_PER_IP'),
    },
    shouldSeedDemoAccounts: env.SEED_DEMO_ACCOUNTS !== 'false',
    walletEncryptionKey: env.WALLET_ENCRYPTION_KEY || undefined,
    chain: {
      timeScale,
      tickIntervalMs: readCount(env.CHAIN_TICK_MS, defaultTickIntervalMs(timeScale), 'CHAIN_TICK_MS'),
    },
    evmChains: {
      mode: readEvmMode(env.CHAIN),
      nodeUrls: Object.fromEntries(
        (
          [
            ['eth_sepolia', readNodeUrl(env.SEPOLIA_RPC_URL, 'SEPOLIA_RPC_URL')],
            ['polygon_amoy', readNodeUrl(env.AMOY_RPC_URL, 'AMOY_RPC_URL')],
          ] as const
        ).filter(([, url]) => url !== undefined),
      ),
      treasurySecret: env.CHAIN_TREASURY_SECRET || undefined,
    },
    quotes: { ttlMs: readCount(env.QUOTE_TTL_SECONDS, DEFAULT_QUOTE_TTL_MS / 1000, 'QUOTE_TTL_SECONDS') * 1000 },
    paymentRequests: {
      openMax: readCount(env.PAYMENT_REQUESTS_OPEN_MAX, PAYMENT_REQUEST_LIMITS.defaultOpenPerUser, 'PAYMENT_REQUESTS_OPEN_MAX'),
    },
    prices: {
      ...DEFAULT_PRICE_FEED_SETTINGS,
      apiUrl: readPriceApiUrl(env.PRICE_API_URL),
      apiKey: env.PRICE_API_KEY || undefined,
      timeoutMs: readCount(env.PRICE_API_TIMEOUT_MS, DEFAULT_PRICE_FEED_SETTINGS.timeoutMs, 'PRICE_API_TIMEOUT_MS'),
    },
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    demoNetwork: readDemoNetworkSettings(env),
    hasBenchMetrics: env.BENCH_METRICS === '1',
  };
}
