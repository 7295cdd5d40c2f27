/** An answer of the payment-request API that is not what the contract says (payment-requests.ts). */
export class InvalidPaymentRequestResponseError extends Error {
  constructor() {
    super('The payment request could not be read. Try again.');
    this.name = 'InvalidPaymentRequestResponseError';
  }
}
