import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NO_CHAINS, type Chains } from './chain/chains.ts';
import type { Db } from './db/database.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';

/**
 * The operator's listener (ADMIN_PORT): what must never be on the public port, the ledger check today. main.ts binds
 * it to 127.0.0.1 alone, so it answers only on this machine, whatever a proxy in front of the public port does.
 */
export async function buildAdminApp(db: Db, logger: FastifyBaseLogger, chains: Chains = NO_CHAINS): Promise<FastifyInstance> {
  const admin = Fastify({ loggerInstance: logger }).withTypeProvider<ZodTypeProvider>();
  admin.setValidatorCompiler(validatorCompiler);
  admin.setSerializerCompiler(serializerCompiler);
  await admin.register(ledgerRoutes, { db, chains });
  return admin;
}
