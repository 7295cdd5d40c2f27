import { getNetwork, seededRandom } from '@fincrypt/domain';
import { recoverTransactionAddress } from 'viem';
import { signTransaction } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { libsecp256k1Signer, nobleSigner, signDigest } from './secp256k1-sign.ts';
import { signEvmTransaction } from './signing.ts';

/** The platforms the `secp256k1` package ships a prebuilt binding for. */
const PREBUILT = new Set(['linux-x64', 'darwin-arm64', 'win32-x64']);

function randomBytes(random: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

describe('signDigest', () => {
  it.runIf(PREBUILT.has(`${process.platform}-${process.arch}`))('signs with libsecp256k1 where its binding is prebuilt', () => {
    expect(libsecp256k1Signer).toBeDefined();
    expect(signDigest).toBe(libsecp256k1Signer);
  });

  it('gives the same signature through libsecp256k1 as through noble, for random keys and digests', () => {
    if (libsecp256k1Signer === undefined) return;
    const random = seededRandom(256);
    for (let i = 0; i < 300; i += 1) {
      const privateKey = randomBytes(random, 32);
      // A few keys with leading zero bytes, whose r or s may be short as numbers but not as 32-byte fields.
      if (i % 50 === 0) privateKey.fill(0, 0, 3);
      const digest = randomBytes(random, 32);
      expect(libsecp256k1Signer(digest, privateKey), `case ${i}`).toEqual(nobleSigner(digest, privateKey));
    }
  });
});

describe('signEvmTransaction', () => {
  it("gives viem's signTransaction bytes for coin and token transfers on every EVM network", async () => {
    const random = seededRandom(681);
    for (const networkId of ['eth_sepolia', 'polygon_mumbai'] as const) {
      const network = getNetwork(networkId);
      if (network.family !== 'evm') throw new Error(`${networkId} is not an EVM network`);
      for (let i = 0; i < 20; i += 1) {
        const sender = generateKeyPair(network);
        const recipient = generateKeyPair(network);
        const amountUnits = BigInt(Math.floor(random() * 2 ** 48)) * 1_000_000n;
        const gasPriceWei = BigInt(1 + Math.floor(random() * 200)) * 1_000_000_000n;
        const nonce = Math.floor(random() * 1_000);
        const token = i % 2 === 1 ? { kind: 'token' as const, address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238' as const, decimals: 6, transferGas: 65_000n } : undefined;
        const signed = await signEvmTransaction(
          { network, privateKeyHex: sender.privateKeyHex, from: sender.address, to: recipient.address, amountUnits, gasPriceWei, nonce, asset: token },
          network.chainId,
        );
        expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(sender.address);
        const viaViem = await signTransaction({
          privateKey: `0x${sender.privateKeyHex}`,
          transaction: token
            ? {
                type: 'legacy',
                chainId: network.chainId,
                nonce,
                gasPrice: gasPriceWei,
                gas: token.transferGas,
                to: token.address,
                value: 0n,
                data: `0xa9059cbb${recipient.address.slice(2).toLowerCase().padStart(64, '0')}${amountUnits.toString(16).padStart(64, '0')}`,
              }
            : { type: 'legacy', chainId: network.chainId, nonce, gasPrice: gasPriceWei, gas: 21_000n, to: recipient.address as `0x${string}`, value: amountUnits },
        });
        expect(signed, `${networkId} case ${i}`).toBe(viaViem);
      }
    }
  });
});
