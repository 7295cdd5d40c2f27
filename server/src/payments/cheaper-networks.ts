import {
  type CheaperNetwork,
  type DisplayCurrency,
  type GasSpeed,
  NETWORKS,
  type NetworkId,
  assetToFiatMinor,
  findAsset,
  isNetworkId,
  nativeAsset,
  percentOf,
  rateOf,
} from '@fincrypt/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FeeMarket } from '../chain/fee-market.ts';
import type { Db } from '../db/database.ts';
import { contacts, wallets } from '../db/schema.ts';
import type { PricesAtHand } from './quotes.ts';

/** At most this many other networks are named: there are only three, but a limit on everything. */
const MAX_ALTERNATIVES = 3;

export interface CheaperNetworksInput {
  userId: string;
  network: NetworkId;
  to: string;
  /** The asset sent: USDC goes as USDC on another network, a coin as that network's coin. */
  asset: string;
  speed: GasSpeed;
  senderCurrency: DisplayCurrency;
  /** The payment's value and its fee in the sender's currency (the quote's), to compare with. */
  amountMinor: bigint;
  feeMinor: bigint;
}

/** The recipient's wallets on other networks: the FinCrypt user's own, and the sender's contacts of the same name. */
async function recipientElsewhere(db: Db, input: CheaperNetworksInput): Promise<{ network: string; address: string; via: CheaperNetwork['via'] }[]> {
  const [owner] = await db.select({ userId: wallets.userId }).from(wallets).where(and(eq(wallets.network, input.network), eq(wallets.address, input.to)));
  const theirs = owner
    ? await db
        .select({ network: wallets.network, address: wallets.address })
        .from(wallets)
        .where(and(eq(wallets.userId, owner.userId), ne(wallets.network, input.network), isNull(wallets.disconnectedAt)))
    : [];
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.userId, input.userId), eq(contacts.network, input.network), eq(contacts.address, input.to)));
  const namesake = contact
    ? await db
        .select({ network: contacts.network, address: contacts.address })
        .from(contacts)
        .where(and(eq(contacts.userId, input.userId), eq(contacts.name, contact.name), ne(contacts.network, input.network)))
    : [];
  return [...theirs.map((wallet) => ({ ...wallet, via: 'user' as const })), ...namesake.map((saved) => ({ ...saved, via: 'contact' as const }))];
}

/**
 * Other networks that would carry the payment for less (issue 48): where the recipient has a wallet and the sender
 * has one too, the fee of the same speed there, valued in the sender's currency at the prices at hand; only the ones
 * cheaper than this fee, cheapest first, one per network.
 */
export async function cheaperNetworks(
  deps: { db: Db; feeMarket: FeeMarket; pricesAtHand: () => PricesAtHand },
  input: CheaperNetworksInput,
): Promise<CheaperNetwork[]> {
  const [elsewhere, mine] = await Promise.all([
    recipientElsewhere(deps.db, input),
    deps.db
      .select({ network: wallets.network })
      .from(wallets)
      .where(and(eq(wallets.userId, input.userId), isNull(wallets.disconnectedAt))),
  ]);
  const senderNetworks = new Set(mine.map((wallet) => wallet.network));
  const prices = deps.pricesAtHand().prices;
  const nowMs = Date.now();
  const found = new Map<NetworkId, CheaperNetwork>();
  for (const candidate of elsewhere) {
    const network = candidate.network;
    if (!isNetworkId(network) || !senderNetworks.has(network) || found.has(network)) continue;
    const asset = input.asset === 'USDC' ? findAsset(network, 'USDC') : nativeAsset(network);
    const rate = rateOf(prices, nativeAsset(network).priceTokenId, input.senderCurrency);
    if (!asset || rate === undefined) continue;
    const fee = deps.feeMarket.feeFor(input.userId, network, input.speed, nowMs, undefined, asset.transferGas);
    const feeMinor = assetToFiatMinor(fee.feeUnits, NETWORKS[network].decimals, rate, input.senderCurrency, 'up');
    if (feeMinor >= input.feeMinor) continue;
    found.set(network, {
      network,
      networkLabel: NETWORKS[network].label,
      asset: asset.symbol,
      to: candidate.address,
      via: candidate.via,
      feeMinor: feeMinor.toString(),
      feePercent: percentOf(feeMinor, input.amountMinor) ?? '0.00',
    });
  }
  return [...found.values()].sort((a, b) => Number(BigInt(a.feeMinor) - BigInt(b.feeMinor))).slice(0, MAX_ALTERNATIVES);
}
