import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/json and its UI at /api/docs, built from the routes' zod schemas. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FinCrypt API',
        description: 'Testnet crypto-payments demonstration: accounts, wallets, transactions, prices.',
        version: options.version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'fincrypt.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
