import { inArray, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { simulatedParticipants, wallets } from '../../db/schema.ts';

/**
 * The public labels of the simulated participants holding these wallets ("Simulated · Amara Okafor, remitter in
 * Lagos"), by wallet id: what a person's own history shows beside a payment from or to one of them, so a
 * simulated participant is labelled as simulated wherever it appears. Wallets of real people are absent.
 */
export async function participantLabelsByWallet(db: Db, walletIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(walletIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ walletId: wallets.id, label: simulatedParticipants.label })
    .from(wallets)
    .innerJoin(simulatedParticipants, eq(simulatedParticipants.userId, wallets.userId))
    .where(inArray(wallets.id, ids));
  return new Map(rows.map((row) => [row.walletId, row.label]));
}

/** `{ counterpartyLabel }` for a row whose other side is a simulated participant's wallet; nothing otherwise. */
export function counterpartyLabelOf(row: { counterpartyWalletId: string | null }, labels: ReadonlyMap<string, string>): { counterpartyLabel?: string } {
  const label = row.counterpartyWalletId === null ? undefined : labels.get(row.counterpartyWalletId);
  return label === undefined ? {} : { counterpartyLabel: label };
}
