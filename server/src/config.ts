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
  /** Public origin(s) allowed for cookie-authenticated writes and the realtime handshake. */
  trustedOrigins: string[];
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
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustedOrigins: (env.TRUSTED_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
}
