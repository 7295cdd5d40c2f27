import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { Network } from '@fincrypt/domain';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** A fresh key pair; `privateKeyHex` (32 bytes, no 0x) must be sealed by the key vault before it is stored. */
export interface WalletKeyPair {
  /** EIP-55 for EVM networks, base58 of the ed25519 public key for Solana. */
  address: string;
  /** Uncompressed secp256k1 point (0x04…) for EVM, base58 for Solana. */
  publicKey: string;
  privateKeyHex: string;
}

export type KeyPairGenerator = (network: Network) => WalletKeyPair;

/** secp256k1 for EVM networks (via viem), ed25519 for Solana; randomness from the OS. */
export const generateKeyPair: KeyPairGenerator = (network) => {
  if (network.family === 'evm') {
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    return { address: account.address, publicKey: account.publicKey, privateKeyHex: privateKey.slice(2) };
  }
  const secretKey = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  return { address, publicKey: address, privateKeyHex: bytesToHex(secretKey) };
};
