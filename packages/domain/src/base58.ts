/*
 * Base58 (Bitcoin's alphabet, as Solana writes keys) decoded in a few lines of our own: the send page reads a
 * payment reference while it renders (payment-reference.ts), and @scure/base's general codec would cost that first
 * load 1.4 KB gzip (decision 015). The address checks and the encoder keep @scure/base; base58.test.ts holds the two
 * to the same answers.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The bytes base58 text stands for, or undefined when a character is not in the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.push(Number(value & 0xffn));
  // Each leading '1' (the digit zero) stands for a leading zero byte, which the number itself does not keep.
  let zeros = 0;
  while (text[zeros] === '1') zeros += 1;
  return Uint8Array.from([...Array<number>(zeros).fill(0), ...bytes.reverse()]);
}
