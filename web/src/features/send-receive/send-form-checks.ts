// The send form's checks that need keccak, base58, the code reader and the API's error table: reached only through
// loadSendFormChecks() (load-send-form-checks.ts), so they are in no page's first load but arrive on the form's first
// interaction, before its first submit, paste or look-up needs them. Import it for types only (`import type`); a
// value import would put them back in the send page's first load.
export { SEND_FIELDS, apiErrorFieldIn, checkSend, isValidAddress, parseQrPayload } from '@fincrypt/domain';
export { getPublicPaymentRequest } from '../payment-requests/index.ts';
export { prefillFromPayRequest } from './pay-request-prefill.ts';
