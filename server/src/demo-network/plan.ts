/**
 * The demo network's rules, free of I/O: who pays whom, in what asset and currency, how much, and when. The
 * driver (driver.ts) reads the participants' wallets, asks `planPayment` for one payment and makes it through
 * the payments engine like any user's.
 */
import {
  type DisplayCurrency,
  type GasSpeed,
  getNetwork,
  listAssets,
  type NetworkId,
  nativeAsset,
  parseAmount,
} from '@fincrypt/domain';
import type { ParticipantRole } from './roster.ts';

/** A uniform number in [0, 1). */
export type Random = () => number;

export interface PlannerWallet {
  id: string;
  network: NetworkId;
  address: string;
  /** Per asset symbol, in its smallest unit. */
  balances: Readonly<Record<string, bigint>>;
}

/** A simulated participant with its connected wallets. */
export interface PlannerParticipant {
  userId: string;
  key: string;
  role: ParticipantRole;
  currency: DisplayCurrency;
  wallets: readonly PlannerWallet[];
}

/** A demo account (user@demo.fincrypt.app…): paid now and then, never paying (nobody acts for a real account). */
export interface PlannerPayee {
  userId: string;
  wallets: readonly Pick<PlannerWallet, 'network' | 'address'>[];
}

interface PlannedCommon {
  payerUserId: string;
  payerKey: string;
  walletId: string;
  network: NetworkId;
  to: string;
  /** The asset's symbol on the network. */
  asset: string;
  speed: GasSpeed;
  /** Who is paid: another participant (by key) or a demo account. */
  recipient: { kind: 'participant'; key: string } | { kind: 'demo-account'; userId: string };
}

/** "25.50 USDC": the asset amount is fixed; the send prices it with the prices at hand. */
export interface AssetPayment extends PlannedCommon {
  fixed: 'asset';
  amount: string;
}

/** "₹2,500 they receive": a firm quote fixes the recipient's amount in their currency, and the send honours it. */
export interface CurrencyPayment extends PlannedCommon {
  fixed: 'recipient';
  /** Decimal text in `recipientCurrency`. */
  amount: string;
  senderCurrency: DisplayCurrency;
  recipientCurrency: DisplayCurrency;
}

export type PlannedPayment = AssetPayment | CurrencyPayment;

/** One in this many payments goes to a demo account (when there is one). */
export const DEMO_ACCOUNT_SHARE = 0.1;
/** Most payments are in USDC; the rest in the network's coin. */
export const USDC_SHARE = 0.75;
/** Of the USDC payments a remitter makes to another participant, this share is fixed in the recipient's currency. */
export const CURRENCY_FIXED_SHARE = 0.5;

/** What "they receive" amounts look like in each currency: round figures a person would send home. */
export const CURRENCY_AMOUNTS: Record<DisplayCurrency, readonly string[]> = {
  inr: ['1500', '2500', '4000', '5000', '7500', '12000', '20000'],
  usd: ['25', '40', '60', '100', '150', '200', '250'],
  eur: ['20', '35', '50', '80', '120', '150', '200'],
  gbp: ['20', '30', '50', '75', '100', '120', '150'],
  jpy: ['3000', '5000', '8000', '12000', '20000', '30000'],
};
/** A payer fixing the recipient's amount keeps at least this much USDC: the largest figure above, with room. */
export const CURRENCY_PAYMENT_MIN_USDC = 300n;

/** What remitters send in USDC: round amounts. */
const REMITTANCE_USDC = ['20', '50', '75', '100', '150', '200', '300'];
/** What a shop charges: a price with cents. */
const SHOP_PRICE_WHOLE = [4, 7, 12, 18, 25, 34, 49, 65, 89, 120, 149];
const SHOP_PRICE_CENTS = ['.00', '.50', '.99', '.25', '.75'];
/** Merchants paying suppliers: whole multiples of 5 from 50 to 400. */
const SUPPLIER_STEPS = 71;
/** A tip or a small order to a demo account. */
const DEMO_ACCOUNT_USDC = ['5', '8', '10', '12.50', '15', '20', '25', '40'];
/** Coin payments: sensible amounts of each network's coin. */
const COIN_AMOUNTS: Record<NetworkId, readonly string[]> = {
  eth_sepolia: ['0.01', '0.02', '0.05', '0.08', '0.1', '0.15'],
  polygon_amoy: ['2', '5', '8', '12', '20', '35'],
  solana_devnet: ['0.1', '0.25', '0.5', '0.8', '1.2', '2'],
};
/** Whole coins a payer keeps for fees beyond what it sends. */
const FEE_RESERVE_COINS = 1n;

/** A wallet is topped up from the faucet when it holds less USDC than this, or fewer whole coins than that. */
export const LOW_USDC = 200n;
export const LOW_COINS = 20n;

export { seededRandom } from '@fincrypt/domain';

const pick = <T>(random: Random, items: readonly T[]): T => {
  if (items.length === 0) throw new Error('pick from nothing');
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
};

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function pickSpeed(random: Random): GasSpeed {
  const roll = random();
  return roll < 0.6 ? 'normal' : roll < 0.85 ? 'fast' : 'slow';
}

const wholeUnits = (network: NetworkId, symbol: string, whole: bigint): bigint => {
  const asset = listAssets(network).find((candidate) => candidate.symbol === symbol);
  if (!asset) throw new Error(`no ${symbol} on ${network}`);
  return whole * 10n ** BigInt(asset.decimals);
};

function unitsOf(network: NetworkId, symbol: string, amount: string): bigint {
  const asset = listAssets(network).find((candidate) => candidate.symbol === symbol);
  if (!asset) throw new Error(`no ${symbol} on ${network}`);
  const parsed = parseAmount(amount, asset.decimals);
  if (!parsed.ok) throw new Error(`bad amount ${amount} for ${symbol}`);
  return parsed.units;
}

const usdcOn = (network: NetworkId) => listAssets(network).find((asset) => asset.symbol === 'USDC');

/** Whether `wallet` can pay `amount` of `symbol` and still cover the fee (with room: the fee is priced at send time). */
function canPay(wallet: PlannerWallet, symbol: string, amountUnits: bigint): boolean {
  const coin = nativeAsset(wallet.network).symbol;
  const reserve = wholeUnits(wallet.network, coin, FEE_RESERVE_COINS);
  const coinBalance = wallet.balances[coin] ?? 0n;
  if (symbol === coin) return coinBalance >= amountUnits + reserve;
  return coinBalance >= reserve && (wallet.balances[symbol] ?? 0n) >= amountUnits;
}

/** The wallets the faucet should top up: low on USDC or on the coin. */
export function isLow(wallet: PlannerWallet): boolean {
  const coin = nativeAsset(wallet.network).symbol;
  const usdc = usdcOn(wallet.network);
  const isLowOnCoin = (wallet.balances[coin] ?? 0n) < wholeUnits(wallet.network, coin, LOW_COINS);
  const isLowOnUsdc = usdc !== undefined && (wallet.balances.USDC ?? 0n) < LOW_USDC * 10n ** BigInt(usdc.decimals);
  return isLowOnCoin || isLowOnUsdc;
}

/** A natural USDC amount for this payer paying this kind of recipient. */
function usdcAmount(random: Random, payerRole: ParticipantRole, recipient: { kind: 'demo-account' } | { kind: 'participant'; role: ParticipantRole }): string {
  if (recipient.kind === 'demo-account') return pick(random, DEMO_ACCOUNT_USDC);
  if (recipient.role === 'merchant' && payerRole === 'remitter') return `${pick(random, SHOP_PRICE_WHOLE)}${pick(random, SHOP_PRICE_CENTS)}`;
  if (payerRole === 'merchant') return String(50 + 5 * Math.floor(random() * SUPPLIER_STEPS));
  return pick(random, REMITTANCE_USDC);
}

/**
 * One payment among the participants (and now and then to a demo account), or undefined when nobody can pay
 * anything right now. Payers are tried in a random order; the first who can afford the planned payment pays.
 */
export function planPayment(random: Random, participants: readonly PlannerParticipant[], demoAccounts: readonly PlannerPayee[]): PlannedPayment | undefined {
  for (const payer of shuffled(random, participants)) {
    const toDemoAccount = demoAccounts.length > 0 && random() < DEMO_ACCOUNT_SHARE;
    const others = participants.filter((participant) => participant.userId !== payer.userId);
    if (!toDemoAccount && others.length === 0) continue;
    const payee = toDemoAccount ? pick(random, demoAccounts) : pick(random, others);
    const networks = shuffled(
      random,
      payer.wallets.filter((wallet) => payee.wallets.some((other) => other.network === wallet.network)),
    );
    for (const wallet of networks) {
      const to = payee.wallets.find((other) => other.network === wallet.network)!.address;
      const network = getNetwork(wallet.network);
      const recipient = toDemoAccount
        ? ({ kind: 'demo-account', userId: payee.userId } as const)
        : ({ kind: 'participant', key: (payee as PlannerParticipant).key } as const);
      const common = { payerUserId: payer.userId, payerKey: payer.key, walletId: wallet.id, network: wallet.network, to, speed: pickSpeed(random), recipient };
      const hasUsdc = usdcOn(wallet.network) !== undefined;
      if (!hasUsdc || random() >= USDC_SHARE) {
        const amount = pick(random, COIN_AMOUNTS[wallet.network]);
        if (canPay(wallet, network.symbol, unitsOf(wallet.network, network.symbol, amount))) {
          return { ...common, fixed: 'asset', asset: network.symbol, amount };
        }
        continue;
      }
      const isCurrencyFixed = !toDemoAccount && payer.role === 'remitter' && random() < CURRENCY_FIXED_SHARE;
      if (isCurrencyFixed) {
        const recipientCurrency = (payee as PlannerParticipant).currency;
        const usdc = usdcOn(wallet.network)!;
        if (canPay(wallet, 'USDC', CURRENCY_PAYMENT_MIN_USDC * 10n ** BigInt(usdc.decimals))) {
          return {
            ...common,
            fixed: 'recipient',
            asset: 'USDC',
            amount: pick(random, CURRENCY_AMOUNTS[recipientCurrency]),
            senderCurrency: payer.currency,
            recipientCurrency,
          };
        }
        continue;
      }
      const amount = usdcAmount(random, payer.role, toDemoAccount ? { kind: 'demo-account' } : { kind: 'participant', role: (payee as PlannerParticipant).role });
      if (canPay(wallet, 'USDC', unitsOf(wallet.network, 'USDC', amount))) return { ...common, fixed: 'asset', asset: 'USDC', amount };
    }
  }
  return undefined;
}

/**
 * When payments happen: chain time is cut into slots of 1/rate minutes and each slot holds at most one payment,
 * at a random moment within it. However slow a payment is, the count by any moment never exceeds the slots begun
 * (a late payment moves to the current slot; the slots it missed are skipped, never made up).
 */
export interface PaymentSchedule {
  /** Wall-clock length of one slot. */
  slotMs: number;
  /** The wall-clock moment within `slot` for its payment: its start for slot 0, else random (ask once per slot). */
  momentOf: (slot: number) => number;
  /** The slot after `done` (the one just paid in) that is still ahead or current at `nowMs`. */
  nextSlot: (done: number, nowMs: number) => number;
}

export function paymentSchedule(random: Random, startMs: number, paymentsPerMinute: number, timeScale: number): PaymentSchedule {
  const slotMs = 60_000 / (paymentsPerMinute * timeScale);
  return {
    slotMs,
    // The first payment goes out at once, so a fresh start shows activity within seconds; later ones anywhere in their slot.
    momentOf: (slot) => startMs + (slot + (slot === 0 ? 0 : random())) * slotMs,
    nextSlot: (done, nowMs) => Math.max(done + 1, Math.floor((nowMs - startMs) / slotMs)),
  };
}

/** The most payments a schedule started at `startMs` may have made by `nowMs`. */
export function maxPaymentsBy(startMs: number, nowMs: number, paymentsPerMinute: number, timeScale: number): number {
  if (nowMs < startMs) return 0;
  return Math.floor((nowMs - startMs) / (60_000 / (paymentsPerMinute * timeScale))) + 1;
}
