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

/**
 * The document's introduction (Markdown, shown at the top of /api/docs): what the schemas below cannot say on
 * their own — how assets are named, what an amount and a fee are in, and the faucet (docs/product.md#assets).
 */
export const API_DESCRIPTION = `Testnet crypto-payments demonstration: accounts, wallets, transactions, prices.

Errors are \`{ "error": { "code", "message" } }\`; a 429 carries \`Retry-After\` (seconds).

## Assets
Every wallet holds its network's **native coin** (ETH, MATIC, SOL), which also pays every fee, and the tokens of
the registry: test **USDC** on all three networks (ERC-20 on Ethereum Sepolia and Polygon Amoy, SPL on Solana
Devnet; 6 decimals). An asset is named by its **symbol within its network** (\`"USDC"\`).

- **Balances**: each wallet of \`GET /api/wallets\` has \`balances\`, one
  \`{ asset, symbol, name, decimals, kind, standard?, contractAddress?, balance, balanceUnits }\` per asset, the native
  coin first. \`balance\`/\`balanceUnits\` on the wallet itself stay the native coin's. Amounts are strings:
  \`balanceUnits\` in the asset's smallest unit, \`balance\` a decimal cut to the asset's display places.
- **Sending**: \`POST /api/transactions\` takes \`asset\` (default: the native coin, so older clients keep
  working); \`amount\` is in that asset. A token transfer pays its fee in the native coin (65,000 gas for an
  ERC-20 transfer): 400 \`INSUFFICIENT_FEE_BALANCE\` ("Not enough ETH to pay the network fee") when the coin
  cannot cover it, 400 \`INVALID_ASSET\` for an unknown asset or one of another network.
- **Fee quotes**: \`GET /api/fees?walletId=…&asset=USDC\` quotes a token send: \`asset\`, \`balance\` of it,
  \`feeBalance\` (the coin's), \`gasUsed\`, and per speed the fee in the coin and \`maxSendable\` of the asset.
- **Transactions** carry \`asset\` (what \`amount\` is in), \`feeSymbol\` (what \`fee\` is in, always the native
  coin) and, for a token, \`tokenAddress\`; \`type\` is \`send\`, \`receive\` or \`mint\` (test funds).
  \`GET /api/transactions?asset=USDC\` lists one asset's transfers on every network.
- **Faucet**: \`POST /api/wallets/{id}/faucet\` (no body) adds 10 of the coin and 500 USDC, recorded as one
  \`mint\` transaction per asset: 201 with the wallet, the transactions and \`nextClaimAt\`; once per wallet per
  24 hours (429 \`FAUCET_COOLDOWN\`, saying when) and a few claims per user per hour (429 \`RATE_LIMITED\`); 404
  for a wallet that is not yours or is disconnected.

## Payment requests
\`POST /api/payment-requests\` asks for an amount into one of your wallets, in its asset or in a currency
(\`unit\`: \`inr\`, \`usd\`, …); the answer carries the standard \`uri\` (EIP-681 on the EVM networks, Solana Pay on
Solana), a 32-byte \`reference\` and the public link \`/pay/{id}\` (\`GET /api/pay/{id}\`, no session). A send that
carries the reference (\`POST /api/transactions\` with \`reference\`) pays the request and marks it paid in the same
database transaction, once: a second payment is refused (409 \`PAYMENT_REQUEST_PAID\`), as are payments of an
expired or cancelled request (409), of another network, asset or address (400 \`PAYMENT_REQUEST_MISMATCH\`) or of
less than asked (400 \`PAYMENT_REQUEST_UNDERPAID\`). The requester gets the realtime event \`payment_request_paid\`; should the
chain drop or revert the paying send, the request is open again and the requester gets \`payment_request_reopened\`.
`;

const errorBodySchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
} as const;

const retryAfterHeader = { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds to wait before asking again' } } as const;

/**
 * Error answers of routes whose schema lists only their success (the handler throws the errors), documented
 * here so clients see them; a status the route's own schema lists is left as the route says.
 */
export const DOCUMENTED_ERRORS: Record<string, Record<number, { description: string; retryAfter?: true }>> = {
  'POST /api/wallets/:id/faucet': {
    404: { description: 'NOT_FOUND ("Wallet not found"): no connected wallet of yours with this id' },
    429: {
      description:
        'FAUCET_COOLDOWN: this wallet already got test funds in the last 24 hours (the message says when it can ask again); or RATE_LIMITED: too many faucet claims by this user',
      retryAfter: true,
    },
  },
};

type SwaggerTransform = typeof jsonSchemaTransform;

/** jsonSchemaTransform (the routes' zod schemas as JSON Schema), plus the DOCUMENTED_ERRORS of the route. */
export const documentedSchemaTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const extra = methods.map((method) => DOCUMENTED_ERRORS[`${method} ${input.url}`]).find((errors) => errors !== undefined);
  if (!extra) return transformed;
  const schema = { ...(transformed.schema as Record<string, unknown>) };
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, error] of Object.entries(extra)) {
    if (status in response) continue;
    response[status] = { description: error.description, ...errorBodySchema, ...(error.retryAfter ? { headers: retryAfterHeader } : {}) };
  }
  schema.response = response;
  return { ...transformed, schema } as ReturnType<SwaggerTransform>;
};

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
        description: API_DESCRIPTION,
        version: options.version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: options.sessionCookieName },
        },
      },
    },
    transform: documentedSchemaTransform,
  });
  const directives = { ...DOCS_CSP_DIRECTIVES, styleSrc: [...DOCS_CSP_DIRECTIVES.styleSrc!, ...swaggerUiStyleHashes()] };
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: cspHeaderValue(directives) });
});
