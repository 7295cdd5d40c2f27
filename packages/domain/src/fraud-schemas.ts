import { z } from 'zod';

/**
 * Fraud alerts and the risk score as the API answers them: a module of their own, apart from the ledger's other
 * shapes, so that a page that shows only these (Insights) loads zod and these, not every ledger schema.
 */

export const fraudAlertViewSchema = z.object({
  id: z.uuid(),
  transactionId: z.uuid(),
  transactionHash: z.string(),
  riskLevel: z.enum(['low', 'medium', 'high']),
  reason: z.string(),
  timestamp: z.iso.datetime(),
});
export type FraudAlertView = z.infer<typeof fraudAlertViewSchema>;

export const alertListSchema = z.object({ alerts: z.array(fraudAlertViewSchema) });

export const riskViewSchema = z.object({
  score: z.number().int(),
  level: z.enum(['low', 'medium', 'high']),
  label: z.enum(['Low', 'Medium', 'High']),
  color: z.enum(['green', 'amber', 'red']),
  breakdown: z.object({ largeAmounts: z.number().int(), bursts: z.number().int(), distinctRecipients: z.number().int() }),
  /** How many of your most recent sends the score looked at (at most 10). */
  transactionsConsidered: z.number().int(),
});
export type RiskView = z.infer<typeof riskViewSchema>;
