import { connectWalletSchema, faucetResponseSchema, WALLET_MESSAGES, walletListSchema, walletTestKeySchema, walletViewSchema } from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { WalletService } from './service.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const walletRoutes: FastifyPluginAsyncZod<{ wallets: WalletService }> = async (app, { wallets }) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/wallets',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Your connected wallets with balances (a first visit creates one per network)',
        response: { 200: walletListSchema },
      },
    },
    async (request) => ({ wallets: await wallets.list(request.user.id) }),
  );

  app.post(
    '/wallets',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Connect a new wallet on a network (a fresh key pair holding 100 of the coin and 1,000 USDC)',
        body: connectWalletSchema,
        response: { 201: walletViewSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await wallets.connect(request.user.id, request.body.network)),
  );

  app.delete(
    '/wallets/:id',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Disconnect a wallet (its history stays on the ledger and in the explorer)',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound(WALLET_MESSAGES.walletNotFound);
      await wallets.disconnect(request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/wallets/:id/faucet',
    {
      schema: {
        tags: ['wallets'],
        summary: 'Get test funds: +10 of the coin and +500 USDC, once per wallet per 24 hours (429 with Retry-After before then)',
        params: z.object({ id: z.string().max(64) }),
        response: { 201: faucetResponseSchema },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound(WALLET_MESSAGES.walletNotFound);
      return reply.status(201).send(await wallets.claimFaucet(request.user.id, request.params.id));
    },
  );

  app.get(
    '/wallets/:id/test-key',
    {
      schema: {
        tags: ['wallets'],
        summary:
          "A demo account's EVM wallet's private key (0x-hex) with its address, to import into MetaMask: 403 TEST_KEY_DEMO_ONLY for any other account, 400 TEST_KEY_EVM_ONLY for a Solana wallet, 404 for a wallet not yours",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: walletTestKeySchema, 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound(WALLET_MESSAGES.walletNotFound);
      return wallets.testKey(request.user, request.params.id);
    },
  );
};
