import { getNetwork } from '@fincrypt/domain';
import { describe, expect, it } from 'vitest';
import { generateKeyPair } from '../chain/keys.ts';
import { signEvmTransaction } from '../chain/signing.ts';
import { rawTransactionOf } from './views.ts';

describe('rawTransactionOf', () => {
  it('gives the chain id an EVM transaction was signed for, so a Mumbai payment on Amoy still verifies', async () => {
    const network = getNetwork('polygon_amoy');
    const sender = generateKeyPair(network);
    const transfer = { network, privateKeyHex: sender.privateKeyHex, from: sender.address, to: sender.address, amountUnits: 1n, gasPriceWei: 1n, nonce: 0 };
    for (const chainId of [80001, 80002]) {
      const raw = await signEvmTransaction(transfer, chainId);
      expect(rawTransactionOf({ network: 'polygon_amoy', fromAddress: sender.address, rawTransaction: raw })).toEqual({ kind: 'evm', chainId, serialized: raw });
    }
  });
});
