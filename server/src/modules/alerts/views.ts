import type { FraudAlertView } from '@fincrypt/domain';
import type { fraudAlerts } from '../../db/schema.ts';

export function toAlertView(row: typeof fraudAlerts.$inferSelect, transactionHash: string): FraudAlertView {
  return {
    id: row.id,
    transactionId: row.transactionId,
    transactionHash,
    riskLevel: row.riskLevel,
    reason: row.reason,
    timestamp: row.createdAt.toISOString(),
  };
}
