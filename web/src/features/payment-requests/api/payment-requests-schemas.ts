// The payment requests' answer schemas, and zod with them: reached only through a lazy import by this feature's
// fetchers. A module of their own rather than lib/schemas.ts, so that reading the request list (on the send page's
// first screen) or a public request (/pay) evaluates zod and these alone. Import it for types only.
export { paymentRequestListSchema, paymentRequestViewSchema, publicPaymentRequestSchema } from '@fincrypt/domain';
