import { NETWORK_IDS, type NetworkId, parseAmount, listAssets } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_AMOUNTS,
  DEMO_ACCOUNT_SHARE,
  isLow,
  maxPaymentsBy,
  paymentSchedule,
  planPayment,
  seededRandom,
  type PlannerParticipant,
  type PlannerPayee,
  type PlannerWallet,
} from './plan.ts';
import { DEMO_ROSTER, participantEmail, participantLabel, rosterOf } from './roster.ts';

const units = (network: NetworkId, symbol: string, whole: bigint) =>
  whole * 10n ** BigInt(listAssets(network).find((asset) => asset.symbol === symbol)!.decimals);

function walletsWith(prefix: string, coins: bigint, usdc: bigint): PlannerWallet[] {
  return NETWORK_IDS.map((network, i) => ({
    id: `${prefix}-${network}`,
    network,
    address: `${prefix}-address-${i}`,
    balances: { [listAssets(network)[0]!.symbol]: units(network, listAssets(network)[0]!.symbol, coins), USDC: units(network, 'USDC', usdc) },
  }));
}

const participants: PlannerParticipant[] = rosterOf(8).map((entry) => ({
  userId: `user-${entry.key}`,
  key: entry.key,
  role: entry.role,
  currency: entry.currency,
  wallets: walletsWith(entry.key, 100n, 1000n),
}));
const demoAccounts: PlannerPayee[] = [{ userId: 'demo-user', wallets: walletsWith('demo', 100n, 1000n) }];

describe('the demo network roster', () => {
  it('names remitters and merchants in different countries, on a reserved mail domain, labelled as simulated', () => {
    expect(new Set(DEMO_ROSTER.map((entry) => entry.key)).size).toBe(DEMO_ROSTER.length);
    expect(new Set(DEMO_ROSTER.map((entry) => entry.city)).size).toBeGreaterThanOrEqual(10);
    // The default eight cover every display currency and both roles.
    expect(new Set(rosterOf(8).map((entry) => entry.currency))).toEqual(new Set(['usd', 'inr', 'gbp', 'eur', 'jpy']));
    expect(new Set(rosterOf(8).map((entry) => entry.role))).toEqual(new Set(['remitter', 'merchant']));
    expect(participantLabel(DEMO_ROSTER[0]!)).toBe('Simulated · Amara Okafor, remitter in Lagos');
    expect(participantEmail(DEMO_ROSTER[0]!)).toBe('amara-lagos@simulated.fincrypt.invalid');
    expect(() => rosterOf(1)).toThrow();
    expect(() => rosterOf(13)).toThrow();
  });
});

describe('planning a payment', () => {
  const plans = (() => {
    const random = seededRandom(17);
    return Array.from({ length: 2000 }, () => planPayment(random, participants, demoAccounts)!);
  })();

  it('always finds one when everyone has funds, never paying oneself, on a network both sides have', () => {
    for (const plan of plans) {
      expect(plan).toBeDefined();
      const payer = participants.find((participant) => participant.userId === plan.payerUserId)!;
      const wallet = payer.wallets.find((candidate) => candidate.id === plan.walletId)!;
      expect(wallet.network).toBe(plan.network);
      expect(payer.wallets.some((candidate) => candidate.address === plan.to)).toBe(false);
    }
  });

  it('is mostly USDC, sometimes fixed in the recipient currency, now and then to a demo account, with natural amounts', () => {
    const share = (predicate: (plan: (typeof plans)[number]) => boolean) => plans.filter(predicate).length / plans.length;
    expect(share((plan) => plan.asset === 'USDC')).toBeGreaterThan(0.65);
    expect(share((plan) => plan.asset === 'USDC')).toBeLessThan(0.85);
    expect(share((plan) => plan.recipient.kind === 'demo-account')).toBeGreaterThan(DEMO_ACCOUNT_SHARE / 2);
    expect(share((plan) => plan.recipient.kind === 'demo-account')).toBeLessThan(DEMO_ACCOUNT_SHARE * 1.5);
    const fixedInCurrency = plans.filter((plan) => plan.fixed === 'recipient');
    expect(fixedInCurrency.length / plans.length).toBeGreaterThan(0.1);
    for (const plan of fixedInCurrency) {
      if (plan.fixed !== 'recipient') continue;
      const payee = participants.find((participant) => participant.key === (plan.recipient as { key: string }).key)!;
      expect(plan.recipientCurrency).toBe(payee.currency);
      expect(CURRENCY_AMOUNTS[plan.recipientCurrency]).toContain(plan.amount);
      expect(participants.find((participant) => participant.userId === plan.payerUserId)!.role).toBe('remitter');
    }
    for (const plan of plans) {
      // At most two decimals, and every amount parses in its asset.
      expect(plan.amount).toMatch(/^\d+(\.\d{1,2})?$/);
      if (plan.fixed === 'asset') expect(parseAmount(plan.amount, 18).ok).toBe(true);
    }
    expect(new Set(plans.map((plan) => plan.network))).toEqual(new Set(NETWORK_IDS));
    expect(new Set(plans.map((plan) => plan.speed))).toEqual(new Set(['slow', 'normal', 'fast']));
  });

  it('leaves out payers who cannot afford a payment, and plans nothing when nobody can', () => {
    const broke = participants.map((participant) => ({ ...participant, wallets: walletsWith(participant.key, 0n, 0n) }));
    expect(planPayment(seededRandom(1), broke, demoAccounts)).toBeUndefined();
    const onlyAmara = broke.map((participant) => (participant.key === 'amara-lagos' ? { ...participant, wallets: walletsWith('amara', 100n, 1000n) } : participant));
    const random = seededRandom(2);
    for (let i = 0; i < 200; i += 1) expect(planPayment(random, onlyAmara, demoAccounts)?.payerKey).toBe('amara-lagos');
  });

  it('calls a wallet low when its USDC or its coin runs down', () => {
    expect(isLow(walletsWith('a', 100n, 1000n)[0]!)).toBe(false);
    expect(isLow(walletsWith('a', 100n, 199n)[0]!)).toBe(true);
    expect(isLow(walletsWith('a', 19n, 1000n)[0]!)).toBe(true);
  });
});

describe('the payment schedule', () => {
  it('puts one payment in each slot of 1/rate chain minutes, and never more than the slots begun, however late payments run', () => {
    const random = seededRandom(5);
    const schedule = paymentSchedule(random, 0, 4, 60);
    // 4 a minute of chain time at 60× is one every 250 ms of wall time.
    expect(schedule.slotMs).toBe(250);
    let slot = 0;
    let nowMs = 0;
    const made: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const moment = schedule.momentOf(slot);
      expect(moment).toBeGreaterThanOrEqual(slot * 250);
      expect(moment).toBeLessThan((slot + 1) * 250);
      nowMs = Math.max(nowMs, moment);
      made.push(nowMs);
      // A payment takes from nothing to three slots.
      nowMs += random() * 750;
      slot = schedule.nextSlot(slot, nowMs);
    }
    made.forEach((atMs, i) => expect(i + 1).toBeLessThanOrEqual(maxPaymentsBy(0, atMs, 4, 60)));
    expect(maxPaymentsBy(0, 60_000, 4, 60)).toBe(241);
    expect(maxPaymentsBy(10, 0, 4, 60)).toBe(0);
  });
});
