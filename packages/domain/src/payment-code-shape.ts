/*
 * Whether text is a payment code rather than an address, apart from qr.ts's reading of codes: the send form's
 * recipient field decides on a paste whether to read the text as a code (and keep it from being pasted as typed),
 * which must be answered at once; reading the code (URIs, amounts, references, addresses) can load when it is needed.
 */

/** Far above any address or payment link (Solana Pay's reference parser refuses longer URLs too). */
export const MAX_QR_PAYLOAD_CHARS = 2048;

/** A whole URI: scheme, colon, and no white space anywhere (so "Address: 0x…" is text, not a URI). */
export const WHOLE_URI = /^([A-Za-z][A-Za-z0-9+.-]*):\S+$/;

/** True when the text is a URI or a `/pay/` link rather than an address: the recipient field reads it as a code. */
export function looksLikePaymentCode(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('/pay/') || WHOLE_URI.test(trimmed) || trimmed.length > MAX_QR_PAYLOAD_CHARS;
}
