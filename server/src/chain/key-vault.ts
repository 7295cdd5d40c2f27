import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Seals private keys with AES-256-GCM under a key derived (HKDF-SHA-256) from the wallet-keys secret.
 * The wallet's address is the associated data, so a sealed key copied onto a wallet of another address does not
 * open (one user's EVM wallets share one address and so one sealed key, payments/wallet-store.ts).
 */
export function createKeyVault(secret: string) {
  if (secret.length < 32) throw new Error('the wallet-keys secret must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', secret, 'fincrypt', 'wallet-private-keys', 32));

  return {
    seal(privateKeyHex: string, address: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(address, 'utf8'));
      const sealed = Buffer.concat([cipher.update(privateKeyHex, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
    },

    /** Throws when the text was not sealed by this secret for this address. */
    open(sealedText: string, address: string): string {
      const [version, iv, tag, sealed] = sealedText.split('.');
      if (version !== FORMAT_VERSION || !iv || !tag || sealed === undefined) throw new Error('unknown sealed key format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(address, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type KeyVault = ReturnType<typeof createKeyVault>;
