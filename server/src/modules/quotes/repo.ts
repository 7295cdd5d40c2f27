import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users, wallets } from '../../db/schema.ts';

// Read queries only: quotes are written by the payments engine (payments/quotes.ts).

/**
 * The display currency chosen by the owner of the wallet at (network, address), when it is one of ours and its
 * owner chose one. Only the currency is read: nothing about who the owner is leaves this query.
 */
export async function findRecipientCurrency(db: Db, network: string, address: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: users.displayCurrency })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(and(eq(wallets.network, network), eq(wallets.address, address), isNotNull(users.displayCurrency)))
    .limit(1);
  return row?.currency ?? null;
}
