import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { cspHeaderValue, DOCS_CSP_DIRECTIVES } from './security-headers.ts';

export interface OpenApiOptions {
  version: string;
  /**
   * The session cookie's name as the server sets it (better-auth's, `__Secure-` prefixed when PUBLIC_URL is
   * https): the document tells clients which cookie to send.
   */
  sessionCookieName: string;
}

/** Swagger UI's own files, as @fastify/swagger-ui serves them under /api/docs/static. */
const swaggerUiStaticDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');

/**
 * CSP hashes of the `<style>` elements Swagger UI's scripts create with fixed text (the colours of its logo
 * SVG), read from the files it serves, so the docs need no 'unsafe-inline' for them whatever the version.
 */
export function swaggerUiStyleHashes(staticDir = swaggerUiStaticDir): string[] {
  const hashes = new Set<string>();
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
    const source = fs.readFileSync(path.join(staticDir, file), 'utf8');
    for (const match of source.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)) {
      const text = JSON.parse(match[1]!) as string;
      hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * The OpenAPI document at /api/docs/json and its UI at /api/docs, built from the routes' zod schemas.
 * The UI's pages get the docs' Content-Security-Policy (plugins/security-headers.ts), not Swagger UI's looser
 * default (any https: style or font, framing by our origin, upgrade-insecure-requests).
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: OpenApiOptions) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FinCrypt API',
        description: 'Testnet crypto-payments demonstration: accounts, wallets, transactions, prices.',
        version: options.version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: options.sessionCookieName },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  const directives = { ...DOCS_CSP_DIRECTIVES, styleSrc: [...DOCS_CSP_DIRECTIVES.styleSrc!, ...swaggerUiStyleHashes()] };
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: cspHeaderValue(directives) });
});
