/** The payment-requests feature's public API: the Receive tab's requests, the pay card, the caches the realtime events update. */
export { paymentRequestKeys } from './api/get-payment-requests.ts';
export { getPublicPaymentRequest, usePublicPaymentRequest } from './api/get-public-payment-request.ts';
export { PayCard } from './components/pay-card.tsx';
export { PaymentRequestsSection } from './components/payment-requests-section.tsx';
export { askedHeadline, closedMessage, fiatFieldText, paidToastText } from './request-figures.ts';
