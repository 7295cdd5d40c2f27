import { type DisplayCurrency, MARKET_DEPTH_LEVELS, type MarketTokenId, type OrderBookLevel, seededRandom } from '@fincrypt/domain';

/**
 * A simulated order book around a mid price. It is a pure function of (coin, currency, minute, mid
 * price), so everyone asking within one minute sees the same book, and it moves when the price does.
 */

/** Typical size of one resting order, in coin, so the three books hold comparable value. */
const TYPICAL_ORDER_COINS: Record<MarketTokenId, number> = { ethereum: 4, 'matic-network': 8000, solana: 80 };
const AMOUNT_DECIMALS = 4;

function seedFor(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

export interface Tick {
  /** The step is mantissa × 10^exponent, mantissa 1, 2 or 5. */
  mantissa: 1 | 2 | 5;
  exponent: number;
}

/** The 1-2-5 step nearest below a tenth of a percent of the price: 2 for ETH at $2,200, 0.001 for MATIC at $1. */
export function tickFor(midPrice: number): Tick {
  const target = Math.max(midPrice * 0.001, 1e-8);
  const exponent = Math.floor(Math.log10(target));
  const scaled = target / 10 ** exponent;
  const mantissa = scaled >= 5 ? 5 : scaled >= 2 ? 2 : 1;
  return { mantissa, exponent };
}

export const tickValue = ({ mantissa, exponent }: Tick) => (exponent < 0 ? mantissa / 10 ** -exponent : mantissa * 10 ** exponent);

/** k ticks as a number without float tails: 1103 × 0.002 is 2.206, not 2.2060000000000004. */
function ticksToPrice(ticks: number, { mantissa, exponent }: Tick): number {
  return exponent < 0 ? (ticks * mantissa) / 10 ** -exponent : ticks * mantissa * 10 ** exponent;
}

const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface OrderBook {
  midPrice: number;
  tickSize: number;
  bids: OrderBookLevel[];
  asks: OrderBookLevel[];
}

export function buildOrderBook(input: {
  tokenId: MarketTokenId;
  currency: DisplayCurrency;
  midPrice: number;
  minuteStartMs: number;
  levels?: number;
}): OrderBook {
  const levels = input.levels ?? MARKET_DEPTH_LEVELS;
  const tick = tickFor(input.midPrice);
  const step = tickValue(tick);
  const random = seededRandom(seedFor(`${input.tokenId}:${input.currency}:${input.minuteStartMs}:${input.midPrice}`));
  const typical = TYPICAL_ORDER_COINS[input.tokenId];
  const midTicks = input.midPrice / step;
  // The best bid is strictly below the mid price and the best ask strictly above.
  const bestBidTicks = Math.ceil(midTicks) - 1;
  const bestAskTicks = Math.floor(midTicks) + 1;

  const side = (firstTicks: number, direction: 1 | -1): OrderBookLevel[] => {
    let cumulative = 0;
    const result: OrderBookLevel[] = [];
    for (let i = 0; i < levels; i++) {
      const ticks = firstTicks + direction * i;
      if (ticks <= 0) break;
      const price = ticksToPrice(ticks, tick);
      // Books thicken away from the mid price; sizes vary by up to ±70% around that.
      const amount = roundTo(typical * (0.3 + 1.4 * random()) * (1 + i / 30), AMOUNT_DECIMALS);
      cumulative = roundTo(cumulative + amount, AMOUNT_DECIMALS);
      result.push({ price, amount, total: roundTo(price * amount, 2), cumulativeAmount: cumulative });
    }
    return result;
  };

  return { midPrice: input.midPrice, tickSize: step, bids: side(bestBidTicks, -1), asks: side(bestAskTicks, 1) };
}
