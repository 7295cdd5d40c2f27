import { BURST_GAP_MS, FRAUD_REASONS, looksLikeButDiffers, sameAddress, type RiskLevel } from '@fincrypt/domain';

export { FRAUD_REASONS };

/** A send counts as unusual when its value is above this multiple of the mean value of the user's earlier sends… */
export const UNUSUAL_AMOUNT_MULTIPLE = 3n;
/** …and there are at least this many earlier sends to compare with. */
export const MIN_HISTORY_FOR_AMOUNT_RULE = 3;
/** This many sends inside BURST_GAP_MS (this one included) raise a burst alert. */
export const BURST_SENDS = 5;
/** The unusual-amount rule compares a send with at most this many of the user's latest sends on its network… */
export const EARLIER_SENDS_COMPARED = 50;
/** …and the new-recipient rule knows at most this many addresses the user paid there (a send reads no more history). */
export const PAYEES_KNOWN = 500;

export interface FraudRuleInput {
  /**
   * The send's value, and those of the user's earlier sends on the same network (newest first), in one unit
   * (10^-8 USD at the price of the moment): 500 USDC and 500 ETH are not alike (docs/product.md#fraud-rules).
   */
  value: bigint;
  earlierValues: readonly bigint[];
  /** Canonical recipient address. */
  to: string;
  /** Addresses the user has sent to on this network before. */
  paidAddresses: readonly string[];
  /** Addresses of the user's own wallets, connected or not. */
  ownAddresses: readonly string[];
  /** Addresses the user saved as contacts on this network: known, as paid ones are. */
  contactAddresses?: readonly string[];
  /** The user's sends (on any network) in the last BURST_GAP_MS, this one not included. */
  recentSendCount: number;
}

export interface FraudFinding {
  level: RiskLevel;
  reason: string;
}

/**
 * The fraud rules a send is checked against (docs/product.md#fraud-rules). Each finding becomes a stored alert; none of
 * them stops the send (the user is warned, the money still moves).
 */
export function evaluateFraudRules(input: FraudRuleInput): FraudFinding[] {
  const findings: FraudFinding[] = [];
  const known = [...input.paidAddresses, ...input.ownAddresses, ...(input.contactAddresses ?? [])];

  const history = input.earlierValues;
  if (history.length >= MIN_HISTORY_FOR_AMOUNT_RULE) {
    const total = history.reduce((sum, value) => sum + value, 0n);
    // value > multiple × (total / n), kept exact by multiplying out the division
    if (input.value * BigInt(history.length) > UNUSUAL_AMOUNT_MULTIPLE * total) {
      findings.push({ level: 'medium', reason: FRAUD_REASONS.unusualAmount });
    }
  }

  const imitated = looksLikeButDiffers(input.to, known);
  if (imitated !== undefined) {
    findings.push({ level: 'high', reason: FRAUD_REASONS.lookalikeRecipient });
  } else if (!known.some((address) => sameAddress(address, input.to))) {
    findings.push({ level: 'low', reason: FRAUD_REASONS.unfamiliarRecipient });
  }

  // Alert once as a burst forms, not on every send while it lasts.
  if (input.recentSendCount + 1 === BURST_SENDS) {
    findings.push({ level: 'medium', reason: FRAUD_REASONS.burst });
  }
  return findings;
}

export const BURST_WINDOW_MS = BURST_GAP_MS;
