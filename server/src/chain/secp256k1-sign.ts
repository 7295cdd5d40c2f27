import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** An ECDSA signature over secp256k1 as an EVM transaction carries it: r and s (32 bytes each, 0x hex) and the recovery bit. */
export interface DigestSignature {
  r: `0x${string}`;
  s: `0x${string}`;
  yParity: 0 | 1;
}

export type DigestSigner = (digest: Uint8Array, privateKey: Uint8Array) => DigestSignature;

/** The part of the `secp256k1` package's binding this file calls (its `bindings.js`, which never falls back to JavaScript). */
interface Libsecp256k1Binding {
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
}

/**
 * libsecp256k1 through the `secp256k1` package's prebuilt binding (linux-x64, darwin-arm64, win32-x64), or undefined
 * where it does not load. Its `index.js` would fall back to `elliptic`; this file falls back to noble instead.
 */
function loadLibsecp256k1(): Libsecp256k1Binding | undefined {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings.js') as Libsecp256k1Binding;
  } catch {
    return undefined;
  }
}

const binding = loadLibsecp256k1();

/** libsecp256k1's signer, where its binding loaded: about 40 µs a signature on the benchmark's machine. */
export const libsecp256k1Signer: DigestSigner | undefined = binding
  ? (digest, privateKey) => {
      const { signature, recid } = binding.ecdsaSign(digest, privateKey);
      return { r: `0x${bytesToHex(signature.subarray(0, 32))}`, s: `0x${bytesToHex(signature.subarray(32))}`, yParity: recid === 1 ? 1 : 0 };
    }
  : undefined;

/** noble's signer, in JavaScript: about 460 µs a signature on the same machine. */
export const nobleSigner: DigestSigner = (digest, privateKey) => {
  // 65 bytes: the recovery bit, then r and s.
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  return { r: `0x${bytesToHex(signature.subarray(1, 33))}`, s: `0x${bytesToHex(signature.subarray(33))}`, yParity: signature[0] === 1 ? 1 : 0 };
};

/**
 * Signs a 32-byte digest (an EVM transaction's keccak-256). Both signers take the nonce from RFC 6979 and give the
 * low-s form, so they give the same signature byte for byte (`secp256k1-sign.test.ts`); the native one takes about a
 * tenth of the time. The curve work was a fifth of a send's server CPU (issue 18).
 */
export const signDigest: DigestSigner = libsecp256k1Signer ?? nobleSigner;
