import { FRAUD_REASONS, type FraudAlertView } from '@fincrypt/domain';
import type { RecipientAssessment } from './recipient-assessment.ts';

/**
 * Warnings the user has already confirmed (by sending from the review that showed them) are not shown again as toasts for that send
 * (docs/product.md#toasts). The server raises its fraud alerts for the send either before or after it
 * answers: while the send is in flight an alert with a confirmed reason is taken to be this send's, and
 * once it answered, the alerts it listed are remembered by id.
 */
const inFlight = new Set<readonly string[]>();
const acknowledgedIds = new Set<string>();
/** Enough for every send of a session; older ids are forgotten. */
const MEMORY = 200;

/** The server's alert reasons that a confirmation of this assessment already warned about. */
export function reasonsConfirmedBy(assessment: Exclude<RecipientAssessment, { kind: 'familiar' }>): readonly string[] {
  return assessment.kind === 'lookalike'
    ? [FRAUD_REASONS.lookalikeRecipient, FRAUD_REASONS.unfamiliarRecipient]
    : [FRAUD_REASONS.unfamiliarRecipient];
}

export interface AcknowledgedSend {
  /** The send was answered: remember its alerts with a confirmed reason. */
  settle(alerts: readonly FraudAlertView[]): void;
  /** The send ended without an answer that lists alerts. */
  end(): void;
}

/** Called as a confirmed send starts. */
export function acknowledgeWarnings(reasons: readonly string[]): AcknowledgedSend {
  const entry = [...reasons];
  inFlight.add(entry);
  return {
    settle(alerts) {
      inFlight.delete(entry);
      if (acknowledgedIds.size >= MEMORY) acknowledgedIds.clear();
      for (const alert of alerts) if (entry.includes(alert.reason)) acknowledgedIds.add(alert.id);
    },
    end() {
      inFlight.delete(entry);
    },
  };
}

/** Whether this alert repeats a warning the user already confirmed for its send. */
export function isAcknowledged(alert: Pick<FraudAlertView, 'id' | 'reason'>): boolean {
  if (acknowledgedIds.has(alert.id)) return true;
  for (const reasons of inFlight) {
    if (reasons.includes(alert.reason)) {
      acknowledgedIds.add(alert.id);
      return true;
    }
  }
  return false;
}
