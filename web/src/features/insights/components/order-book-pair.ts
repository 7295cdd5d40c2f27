import { type OrderBookResponse, TICKER_SYMBOLS } from '@fincrypt/domain';

/** "ETH/USD" */
export const pairOf = (book: Pick<OrderBookResponse, 'token' | 'currency'>) => `${TICKER_SYMBOLS[book.token]}/${book.currency.toUpperCase()}`;
