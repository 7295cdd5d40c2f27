import { getNetwork, seededRandom } from '@fincrypt/domain';
import { recoverTransactionAddress } from 'viem';
import { signTransaction } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from './keys.ts';
import { signEvmTransaction } from './signing.ts';

describe('signEvmTransaction', () => {
  it("gives viem's signTransaction bytes for coin and token transfers on every EVM network", async () => {
    const random = seededRandom(681);
    for (const networkId of ['eth_sepolia', 'polygon_amoy'] as const) {
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
                type: 'eip1559',
                chainId: network.chainId,
                nonce,
                maxFeePerGas: gasPriceWei,
                maxPriorityFeePerGas: gasPriceWei,
                gas: token.transferGas,
                to: token.address,
                value: 0n,
                data: `0xa9059cbb${recipient.address.slice(2).toLowerCase().padStart(64, '0')}${amountUnits.toString(16).padStart(64, '0')}`,
              }
            : { type: 'eip1559', chainId: network.chainId, nonce, maxFeePerGas: gasPriceWei, maxPriorityFeePerGas: gasPriceWei, gas: 21_000n, to: recipient.address as `0x${string}`, value: amountUnits },
        });
        expect(signed, `${networkId} case ${i}`).toBe(viaViem);
      }
    }
  });
});
