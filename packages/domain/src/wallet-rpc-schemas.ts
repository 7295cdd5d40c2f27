import { z } from 'zod';
import { networkIdSchema } from './networks-schemas.ts';

/** The shapes of wallet-rpc.ts's answers: `GET /rpc` and `GET /api/wallets/{id}/test-key`. */

export const rpcNetworkViewSchema = z.object({
  network: networkIdSchema,
  chainId: z.number().int().positive(),
  name: z.string(),
  symbol: z.string(),
  currencyName: z.string(),
  rpcPath: z.string().regex(/^\/rpc\/[a-z0-9_]+$/),
});

export const rpcNetworkListSchema = z.object({ networks: z.array(rpcNetworkViewSchema) });

export const walletTestKeySchema = z.object({
  /** EIP-55. */
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  /** 32 bytes, 0x-hex, as MetaMask's "Import account → Private key" takes it. */
  privateKey: z.string().regex(/^0x[0-9a-f]{64}$/),
});
