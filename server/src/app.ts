import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './errors.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { spaPlugin } from './plugins/spa.ts';

export interface RateLimits {
  contactPerMinute: number;
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** false silences logs (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
  rateLimits?: Partial<RateLimits>;
}

const DEFAULT_RATE_LIMITS: RateLimits = { contactPerMinute: 10 };

export const APP_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version;

/** Builds the whole HTTP app without listening, so tests can `inject()` into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
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

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, {
    global: false,
    // Thrown as an error, so the error handler answers it in the common shape.
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, 'RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(openApiPlugin, { version: APP_VERSION });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: APP_VERSION });
      await api.register(contactRoutes, { database, perMinute: rateLimits.contactPerMinute });
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
