import { describe, expect, it } from 'vitest';
import { evaluateFraudRules, FRAUD_REASONS, type FraudRuleInput } from './fraud-rules.ts';

const KNOWN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
// Same first and last four hex digits as KNOWN, different middle: an address-poisoning lookalike.
const LOOKALIKE = '0x5aAe00000000000000000000000000000000eAed';
const base: FraudRuleInput = {
  value: 10n,
  to: KNOWN,
  earlierValues: [10n, 10n, 10n],
  paidAddresses: [KNOWN],
  ownAddresses: [],
  recentSendCount: 0,
};
const reasons = (input: Partial<FraudRuleInput>) => evaluateFraudRules({ ...base, ...input }).map((finding) => `${finding.level}:${finding.reason}`);

describe('evaluateFraudRules', () => {
  it('finds nothing in an ordinary send to a known address', () => {
    expect(reasons({})).toEqual([]);
  });

  it('flags a value above three times the average value of at least three earlier sends (medium)', () => {
    expect(reasons({ value: 30n })).toEqual([]);
    expect(reasons({ value: 31n })).toEqual([`medium:${FRAUD_REASONS.unusualAmount}`]);
    expect(reasons({ value: 10_000n, earlierValues: [10n, 10n] })).toEqual([]);
    expect(FRAUD_REASONS.unusualAmount).toBe('Unusual transaction amount compared to your history');
  });

  it('flags a first payment to an address that is neither paid before nor your own (low)', () => {
    expect(reasons({ to: OTHER })).toEqual([`low:${FRAUD_REASONS.unfamiliarRecipient}`]);
    expect(reasons({ to: OTHER.toLowerCase(), paidAddresses: [OTHER] })).toEqual([]);
    expect(reasons({ to: OTHER, paidAddresses: [], ownAddresses: [OTHER] })).toEqual([]);
    expect(FRAUD_REASONS.unfamiliarRecipient).toBe('Unfamiliar receiving address');
  });

  it('flags a lookalike of a known address as possible poisoning (high), instead of merely unfamiliar', () => {
    expect(reasons({ to: LOOKALIKE })).toEqual([`high:${FRAUD_REASONS.lookalikeRecipient}`]);
    expect(reasons({ to: LOOKALIKE, paidAddresses: [], ownAddresses: [KNOWN] })).toEqual([`high:${FRAUD_REASONS.lookalikeRecipient}`]);
  });

  it('flags the fifth send within five minutes as a burst, once', () => {
    expect(reasons({ recentSendCount: 3 })).toEqual([]);
    expect(reasons({ recentSendCount: 4 })).toEqual([`medium:${FRAUD_REASONS.burst}`]);
    expect(reasons({ recentSendCount: 5 })).toEqual([]);
  });
});
