import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { loadSecret } from './lib/secrets.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { seedDemoAccounts } from './modules/auth/demo-accounts.ts';
import { authRateLimits, authRoutes } from './modules/auth/routes.ts';
import { sessionPlugin } from './modules/auth/session-plugin.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** false silences logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
}

export const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version;

/** Builds the whole HTTP app without listening, so tests can `inject()` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          },
    bodyLimit: 100 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const limiter = createRateLimiter(database.db);
  const authSecret = await loadSecret('auth', {
    fromEnv: config.authSecret,
    database,
    dataDir: database.dataDir,
  });
  const auth = createAuth({ db: database.db, secret: authSecret, baseUrl: config.publicUrl, trustedOrigins: config.trustedOrigins });
  if (config.shouldSeedDemoAccounts) await seedDemoAccounts(database.db, auth);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(originCheckPlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(openApiPlugin, { version: APP_VERSION });
  await app.register(sessionPlugin, { auth });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: APP_VERSION });
      await api.register(contactRoutes, { database, limiter, perMinute: config.rateLimits.contactPerIp });
      await api.register(authRoutes, { prefix: '/auth', auth, limiter, limits: authRateLimits(config.rateLimits) });
      await api.register(accountRoutes, { prefix: '/account', database, auth });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
