/**
 * The demo network's driver: while this process leads the chain clock, it makes the simulated participants pay
 * each other (and now and then the demo accounts) through the payments engine, exactly as a signed-in user's
 * requests do: a firm quote first for a payment fixed in the recipient's currency, an Idempotency-Key on every
 * send, the faucet when a wallet runs low. It never writes a ledger table itself, so fees, alerts,
 * confirmations, blocks, insights and the explorer all see ordinary ledger data.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { FAUCET_COOLDOWN_MS } from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoNetworkSettings } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { PaymentsEngine } from '../payments/engine.ts';
import { ensureParticipants, type Participant, type ParticipantView, readDemoAccounts, readParticipants, type SignUp } from './participants.ts';
import { isLow, type PlannedPayment, paymentSchedule, planPayment, type Random } from './plan.ts';
import { rosterOf } from './roster.ts';

export interface DemoNetworkDeps {
  db: Db;
  payments: Pick<PaymentsEngine, 'send' | 'createQuote' | 'claimFaucet'>;
  signUp: SignUp;
  settings: DemoNetworkSettings;
  /** Chain time runs this many times faster than the wall clock: so do the payments. */
  timeScale: number;
  /** Whether this process leads the chain clock (clockRunner.isLeader()); only the leader drives. */
  isLeader: () => boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  random?: Random;
  /** How often a process that does not drive asks again whether it leads (and a driver re-checks while it waits). */
  leaderPollMs?: number;
}

export interface DemoNetworkStats {
  /** Whether this process is driving right now. */
  isDriving: boolean;
  /** When this process's current schedule began (epoch ms): no more payments than its slots since then. Null while it does not drive. */
  drivingSinceMs: number | null;
  /** Sends that went through (201). */
  payments: number;
  /** Sends or quotes refused (a balance that moved, a rate limit…): logged, never retried. */
  refusals: number;
  faucetClaims: number;
  /** Slots in which nobody could pay anything. */
  idleSlots: number;
}

const osRandom: Random = () => randomInt(0, 2 ** 47) / 2 ** 47;

/** Sends one planned payment, at a firm quote when the recipient's amount is fixed; counts it sent or refused. */
async function pay({ payments, log }: DemoNetworkDeps, stats: DemoNetworkStats, plan: PlannedPayment): Promise<void> {
  let request: Parameters<PaymentsEngine['send']>[2];
  if (plan.fixed === 'recipient') {
    const quote = await payments.createQuote(plan.payerUserId, {
      walletId: plan.walletId,
      to: plan.to,
      asset: plan.asset,
      speed: plan.speed,
      amount: plan.amount,
      fixed: 'recipient',
      senderCurrency: plan.senderCurrency,
      recipientCurrency: plan.recipientCurrency,
    });
    request = { walletId: plan.walletId, to: plan.to, asset: plan.asset, speed: quote.speed, amount: quote.amount, quoteId: quote.id };
  } else {
    request = { walletId: plan.walletId, to: plan.to, asset: plan.asset, speed: plan.speed, amount: plan.amount };
  }
  const outcome = await payments.send(plan.payerUserId, randomUUID(), request);
  if (outcome.statusCode === 201) {
    stats.payments += 1;
    log.debug({ participant: plan.payerKey, network: plan.network, asset: plan.asset, hash: outcome.body.transaction.hash }, 'demo network: payment sent');
  } else {
    stats.refusals += 1;
    log.debug({ participant: plan.payerKey, code: outcome.body.error.code }, 'demo network: payment refused');
  }
}

/** Starts the demo network when the settings turn it on; otherwise a handle that does nothing. */
export function startDemoNetwork(deps: DemoNetworkDeps) {
  const { db, payments, settings, log } = deps;
  const random = deps.random ?? osRandom;
  const leaderPollMs = deps.leaderPollMs ?? 1_000;
  const stats: DemoNetworkStats = { isDriving: false, drivingSinceMs: null, payments: 0, refusals: 0, faucetClaims: 0, idleSlots: 0 };
  let isStopped = !settings.isOn;
  let wake: (() => void) | undefined;
  let participants: Participant[] | undefined;
  /** Not driving: no schedule, so no start to count slots from. */
  const stopDriving = () => {
    stats.isDriving = false;
    stats.drivingSinceMs = null;
  };

  /** Waits `ms`, or less when stop() is called. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  /** Tops up one low wallet whose faucet is open (one claim per payment at most: the faucet's own limits hold). */
  async function topUpOne(view: readonly ParticipantView[]): Promise<boolean> {
    const nowMs = Date.now();
    for (const participant of view) {
      for (const wallet of participant.wallets) {
        const isFaucetOpen = wallet.faucetClaimedAt === null || wallet.faucetClaimedAt.getTime() + FAUCET_COOLDOWN_MS <= nowMs;
        if (!isFaucetOpen || !isLow(wallet)) continue;
        try {
          await payments.claimFaucet(participant.userId, wallet.id);
          stats.faucetClaims += 1;
          log.debug({ participant: participant.key, network: wallet.network }, 'demo network: faucet claimed');
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          log.debug({ participant: participant.key, code: error.code }, 'demo network: faucet refused');
        }
        return true;
      }
    }
    return false;
  }

  /** One slot's payment: top up a low wallet, plan, pay. Refusals are counted, not thrown. */
  async function paymentStep(): Promise<void> {
    if (!participants) return;
    const view = await readParticipants(db, participants);
    const isToppedUp = await topUpOne(view);
    const plan = planPayment(random, isToppedUp ? await readParticipants(db, participants) : view, await readDemoAccounts(db));
    if (!plan) {
      stats.idleSlots += 1;
      return;
    }
    try {
      await pay(deps, stats, plan);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      stats.refusals += 1;
      log.debug({ participant: plan.payerKey, code: error.code }, 'demo network: payment refused');
    }
  }

  async function drive(): Promise<void> {
    while (!isStopped) {
      if (!deps.isLeader()) {
        if (stats.isDriving) log.info('demo network: this process no longer leads the chain clock; it stops driving');
        stopDriving();
        await pause(leaderPollMs);
        continue;
      }
      try {
        participants ??= await ensureParticipants(db, deps.signUp, rosterOf(settings.participants), log);
      } catch (error) {
        log.warn({ err: error }, 'demo network: could not set up its participants; will retry');
        await pause(leaderPollMs);
        continue;
      }
      if (isStopped) break;
      stats.isDriving = true;
      log.info(
        { participants: participants.length, paymentsPerMinute: settings.paymentsPerMinute, timeScale: deps.timeScale },
        'demo network: this process drives the simulated participants',
      );
      stats.drivingSinceMs = Date.now();
      const schedule = paymentSchedule(random, stats.drivingSinceMs, settings.paymentsPerMinute, deps.timeScale);
      let slot = 0;
      let moment = schedule.momentOf(slot);
      while (!isStopped && deps.isLeader()) {
        const waitMs = moment - Date.now();
        if (waitMs > 0) {
          await pause(Math.min(waitMs, leaderPollMs));
          continue;
        }
        try {
          await paymentStep();
        } catch (error) {
          if (isStopped) break;
          log.warn({ err: error }, 'demo network: a payment failed; the next slot goes on');
        }
        slot = schedule.nextSlot(slot, Date.now());
        moment = schedule.momentOf(slot);
      }
    }
    stopDriving();
  }

  const running = isStopped ? Promise.resolve() : drive();
  return {
    stats: (): DemoNetworkStats => ({ ...stats }),
    /** The participants once set up (undefined before this process first drove). */
    participants: (): readonly Participant[] | undefined => participants,
    /** Stops driving and waits for a payment in progress. */
    async stop(): Promise<void> {
      isStopped = true;
      wake?.();
      await running;
    },
  };
}

export type DemoNetwork = ReturnType<typeof startDemoNetwork>;
