// The price history's schema, and zod with it: reached only through a lazy import (get-price-history.ts), in a chunk
// of its own for the same reason as the explorer's and Insights' schemas. Import it for types only.
export { priceHistoryResponseSchema } from '@fincrypt/domain';
