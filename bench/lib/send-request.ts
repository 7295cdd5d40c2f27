import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import type { LoadRequest } from './http-load.ts';
import type { BenchUser } from './users.ts';

/** A closed-loop connection's request: `user` sends `amount` of the wallet's coin to `to`, each with its own idempotency key. */
export function sendRequest(user: Pick<BenchUser, 'walletId' | 'cookie'>, to: string, amount = '0.000001'): () => LoadRequest {
  const body = JSON.stringify({ walletId: user.walletId, to, amount, speed: 'fast' });
  return () => ({ method: 'POST', path: '/api/transactions', headers: { cookie: user.cookie, [IDEMPOTENCY_KEY_HEADER]: randomUUID() }, body });
}
