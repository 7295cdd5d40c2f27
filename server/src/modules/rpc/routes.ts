import { API_ERRORS, NETWORK_IDS, NETWORKS, isNetworkId, type NetworkId, type RpcNetworkList, rpcNetworkListSchema, rpcNetworkView } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { describeWait } from '../../lib/rate-limiter.ts';
import { createMemoryRateLimiter } from '../../lib/memory-rate-limiter.ts';
import { isAllowedRpcMethod } from './allowed-methods.ts';

/**
 * GET /rpc: the networks that have an endpoint, each with what a wallet needs to add it (chain id, name, coin, path),
 * so the web app's "Add to MetaMask" offers only those (docs/product.md#account-settings).
 *
 * POST /rpc/{network}: a JSON-RPC endpoint on the app's own port that any wallet can use to look at a network
 * (issue 49, item 9). It forwards the allow-listed methods to the network's node, which listens on loopback only, and
 * answers everything else with a JSON-RPC error; calls are limited per client address. It reads no session, so a
 * wallet extension or another site may call it (CORS, and no origin check: nothing it does depends on a cookie).
 */

/** At most this many calls in one batch, and this many bytes in a body (a signed transfer is a few hundred). */
export const RPC_MAX_BATCH = 20;
const RPC_BODY_LIMIT_BYTES = 128 * 1024;
/** A node that does not answer within this gets the caller an internal error rather than a hung request. */
const NODE_TIMEOUT_MS = 10_000;

/** JSON-RPC 2.0's error codes, and the one providers use for a rate limit. */
const JSON_RPC = { invalidRequest: -32600, methodNotFound: -32601, internal: -32603, limited: -32005 } as const;

type JsonRpcId = string | number | null;
interface JsonRpcCall {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

const callSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(128), z.number(), z.null()]).optional(),
  method: z.string().max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

/** The networks of GET /rpc: the EVM networks with a node, in the registry's order. */
export function rpcNetworkList(nodeUrls: Partial<Record<NetworkId, string>>): RpcNetworkList {
  const withNode = NETWORK_IDS.filter((network) => NETWORKS[network].family === 'evm' && nodeUrls[network] !== undefined);
  return { networks: withNode.map(rpcNetworkView) };
}

const errorAnswer = (id: JsonRpcId, code: number, message: string) => ({ jsonrpc: '2.0' as const, id, error: { code, message } });

export interface RpcRoutesOptions {
  /** Each EVM network's node; a network without one (a simulated chain, Solana) has no endpoint. */
  nodeUrls: Partial<Record<NetworkId, string>>;
  /** Calls per client address per window, every network together. */
  rateRule: { limit: number; windowMs: number };
  now?: () => number;
}

async function forward(nodeUrl: string, call: JsonRpcCall): Promise<unknown> {
  const id = call.id ?? null;
  try {
    const response = await fetch(nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: call.method, params: call.params ?? [] }),
      signal: AbortSignal.timeout(NODE_TIMEOUT_MS),
    });
    const answer = (await response.json()) as { result?: unknown; error?: unknown };
    return 'error' in answer ? { jsonrpc: '2.0', id, error: answer.error } : { jsonrpc: '2.0', id, result: answer.result ?? null };
  } catch {
    return errorAnswer(id, JSON_RPC.internal, "The network's node is not answering; try again shortly");
  }
}

/** One call of a request: refused unless well formed and allowed, else the node's answer. */
async function answerCall(nodeUrl: string, raw: unknown): Promise<unknown> {
  const parsed = callSchema.safeParse(raw);
  if (!parsed.success) return errorAnswer(null, JSON_RPC.invalidRequest, 'Invalid request: a JSON-RPC 2.0 call has jsonrpc "2.0", a method and an id');
  const call = parsed.data as JsonRpcCall;
  const { method } = call;
  if (!isAllowedRpcMethod(method)) return errorAnswer(call.id ?? null, JSON_RPC.methodNotFound, `The method ${call.method} is not available on this endpoint`);
  return forward(nodeUrl, call);
}

export const rpcRoutes: FastifyPluginAsyncZod<RpcRoutesOptions> = async (app, { nodeUrls, rateRule, now = Date.now }) => {
  const limiter = createMemoryRateLimiter(rateRule, { now });
  const params = z.object({ network: z.string().max(64) });
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type' };

  const networks = rpcNetworkList(nodeUrls);
  app.get(
    '/',
    {
      schema: {
        tags: ['rpc'],
        summary: 'The networks with a JSON-RPC endpoint (POST /rpc/{network}, JSON-RPC 2.0) and what a wallet needs to add each one',
        response: { 200: rpcNetworkListSchema },
      },
      config: { isOpenToOtherSites: true },
    },
    async (_request, reply) => reply.header('access-control-allow-origin', '*').send(networks),
  );

  app.options('/:network', { schema: { hide: true, params }, config: { isOpenToOtherSites: true } }, async (_request, reply) => reply.headers(cors).code(204).send());

  app.post(
    '/:network',
    { bodyLimit: RPC_BODY_LIMIT_BYTES, schema: { hide: true, params, body: z.unknown() }, config: { isOpenToOtherSites: true } },
    async (request, reply) => {
      reply.headers(cors);
      const { network } = request.params;
      const nodeUrl = isNetworkId(network) ? nodeUrls[network] : undefined;
      if (nodeUrl === undefined) throw notFound(`No JSON-RPC endpoint for ${network}: it is not an EVM network with a node`);
      const calls = Array.isArray(request.body) ? (request.body as unknown[]) : [request.body];
      if (calls.length === 0 || calls.length > RPC_MAX_BATCH) {
        return reply.code(400).send(errorAnswer(null, JSON_RPC.invalidRequest, `A batch holds 1 to ${RPC_MAX_BATCH} calls`));
      }
      for (let index = 0; index < calls.length; index++) {
        const verdict = limiter.hit(request.ip);
        if (!verdict.isAllowed) {
          reply.header('retry-after', String(Math.ceil(verdict.retryAfterMs / 1000)));
          return reply.code(429).send(errorAnswer(null, JSON_RPC.limited, API_ERRORS.RATE_LIMITED.messages.tooManyRequests(describeWait(verdict.retryAfterMs))));
        }
      }
      const answers = await Promise.all(calls.map((call) => answerCall(nodeUrl, call)));
      return Array.isArray(request.body) ? answers : answers[0];
    },
  );
};
