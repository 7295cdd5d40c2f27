import { describe, expect, it } from 'vitest';
import {
  confirmationProgressPercent,
  confirmationsAt,
  confirmationsLabel,
  solanaConfirmations,
  isTransactionStatus,
  isTransactionType,
  MAX_CONFIRMATIONS,
  securityLevel,
  transactionStatusDisplay,
  transactionTypeLabel,
} from './confirmations.ts';
import { transactionStatusSchema } from './confirmations-schemas.ts';

describe('securityLevel', () => {
  it.each([
    [0, 'Low'],
    [1, 'Medium'],
    [2, 'Medium'],
    [3, 'High'],
    [5, 'High'],
    [6, 'Very High'],
    [11, 'Very High'],
    [12, 'Maximum'],
    [40, 'Maximum'],
    [-1, 'Low'],
    [Number.NaN, 'Low'],
  ])('%d confirmations is %s', (confirmations, level) => {
    expect(securityLevel(confirmations)).toBe(level);
  });
});

describe('confirmation progress', () => {
  it('fills the bar at 12', () => {
    expect(MAX_CONFIRMATIONS).toBe(12);
    expect(confirmationProgressPercent(0)).toBe(0);
    expect(confirmationProgressPercent(3)).toBe(25);
    expect(confirmationProgressPercent(6)).toBe(50);
    expect(confirmationProgressPercent(12)).toBe(100);
    expect(confirmationProgressPercent(20)).toBe(100);
    expect(confirmationProgressPercent(-2)).toBe(0);
  });

  it('says confirmation or confirmations', () => {
    expect(confirmationsLabel(1)).toBe('1 confirmation');
    expect(confirmationsLabel(2)).toBe('2 confirmations');
  });
});

describe('confirmationsAt', () => {
  const included = 1_000_000;

  it('has none before inclusion and one at inclusion', () => {
    expect(confirmationsAt('normal', included, included - 1)).toBe(0);
    expect(confirmationsAt('normal', included, included)).toBe(1);
  });

  it('gains one per interval of the speed', () => {
    expect(confirmationsAt('slow', included, included + 7_999)).toBe(1);
    expect(confirmationsAt('slow', included, included + 8_000)).toBe(2);
    expect(confirmationsAt('normal', included, included + 5_000)).toBe(2);
    expect(confirmationsAt('fast', included, included + 9_000)).toBe(4);
  });

  it('stops at 12', () => {
    expect(confirmationsAt('fast', included, included + 11 * 3_000)).toBe(12);
    expect(confirmationsAt('fast', included, included + 12 * 3_000)).toBe(12);
    expect(confirmationsAt('slow', included, included + 3_600_000)).toBe(12);
  });
});

describe('status and type', () => {
  it('maps each status to a label and tone, anything else to Unknown', () => {
    expect(transactionStatusDisplay('confirmed')).toEqual({ label: 'Confirmed', tone: 'success' });
    expect(transactionStatusDisplay('pending')).toEqual({ label: 'Pending', tone: 'warning' });
    expect(transactionStatusDisplay('failed')).toEqual({ label: 'Failed', tone: 'error' });
    expect(transactionStatusDisplay('dropped')).toEqual({ label: 'Unknown', tone: 'neutral' });
    expect(transactionStatusDisplay(undefined)).toEqual({ label: 'Unknown', tone: 'neutral' });
  });

  it('guards the unions', () => {
    expect(isTransactionStatus('pending')).toBe(true);
    expect(isTransactionStatus('Pending')).toBe(false);
    expect(isTransactionType('receive')).toBe(true);
    expect(isTransactionType('swap')).toBe(false);
    expect(transactionStatusSchema.safeParse('failed').success).toBe(true);
  });

  it('labels the direction', () => {
    expect(transactionTypeLabel('send')).toBe('Sent');
    expect(transactionTypeLabel('receive')).toBe('Received');
  });
});

describe('solanaConfirmations', () => {
  it('is 1 in the slot that included it, and 12 once finalized, 31 slots later', () => {
    expect(solanaConfirmations(-1)).toBe(0);
    expect(solanaConfirmations(0)).toBe(1);
    expect(solanaConfirmations(3)).toBe(2);
    expect(solanaConfirmations(30)).toBe(11);
    expect(solanaConfirmations(31)).toBe(12);
    expect(solanaConfirmations(1_000)).toBe(12);
  });
});
