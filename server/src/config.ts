import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files when no DATABASE_URL is given. */
  dataDir: string;
  /** A postgres:// URL switches from the embedded database to a real PostgreSQL server. */
  databaseUrl: string | undefined;
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
}

/** How many attempts each limit allows per window (windows are fixed: see modules/auth/routes.ts). */
export interface RateLimitCounts {
  signInPerIp: number;
  signInFailuresPerAccount: number;
  signUpPerIp: number;
  twoFactorPerIp: number;
  contactPerIp: number;
}

export const DEFAULT_RATE_LIMIT_COUNTS: RateLimitCounts = {
  signInPerIp: 30,
  signInFailuresPerAccount: 5,
  signUpPerIp: 10,
  twoFactorPerIp: 10,
  contactPerIp: 10,
};

function readCount(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}

function readPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readPort(env.PORT, 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const defaults = DEFAULT_RATE_LIMIT_COUNTS;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl,
    trustedOrigins: (env.TRUSTED_ORIGINS ?? `${publicUrl},http://localhost:${port},http://127.0.0.1:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    authSecret: env.FINCRYPT_AUTH_SECRET || undefined,
    rateLimits: {
      signInPerIp: readCount(env.RATE_LIMIT_SIGN_IN_PER_IP, defaults.signInPerIp, 'RATE_LIMIT_SIGN_IN_PER_IP'),
      signInFailuresPerAccount: readCount(
        env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT,
        defaults.signInFailuresPerAccount,
        'RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT',
      ),
      signUpPerIp: readCount(env.RATE_LIMIT_SIGN_UP_PER_IP, defaults.signUpPerIp, 'RATE_LIMIT_SIGN_UP_PER_IP'),
      twoFactorPerIp: readCount(env.RATE_LIMIT_TWO_FACTOR_PER_IP, defaults.twoFactorPerIp, 'RATE_LIMIT_TWO_FACTOR_PER_IP'),
      contactPerIp: readCount(env.RATE_LIMIT_CONTACT_PER_IP, defaults.contactPerIp, 'RATE_LIMIT_CONTACT_PER_IP'),
    },
    shouldSeedDemoAccounts: env.SEED_DEMO_ACCOUNTS !== 'false',
  };
}
