import { createPublicKey, verify } from 'node:crypto';
import { base58 } from '@scure/base';
import { explorerTransactionSchema, getNetwork, type NetworkId, type TransactionView } from '@fincrypt/domain';
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/auth-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { useTestApp } from '../../test/test-app.ts';

/** An ed25519 public key (32 raw bytes) as node:crypto takes it: SubjectPublicKeyInfo DER. */
function ed25519PublicKey(raw: Uint8Array) {
  const prefix = Buffer.from('302a300506032b6570032100', 'hex');
  return createPublicKey({ key: Buffer.concat([prefix, Buffer.from(raw)]), format: 'der', type: 'spki' });
}

/**
 * Anyone can check an explorer transaction with libraries of their own: here ethers (not the viem the server signs
 * with) parses the EVM serialization, and node:crypto (not @noble) verifies the Solana signature.
 */
describe('the explorer’s signed transactions, checked with independent libraries', () => {
  const ctx = useTestApp('pglite');

  const cases: { network: NetworkId; label: string; asset?: string; amount: string }[] = [
    { network: 'eth_sepolia', label: 'ETH', amount: '0.0123' },
    { network: 'eth_sepolia', label: 'USDC', asset: 'USDC', amount: '12.5' },
    { network: 'polygon_amoy', label: 'MATIC', amount: '1.5' },
    { network: 'polygon_amoy', label: 'USDC', asset: 'USDC', amount: '3' },
    { network: 'solana_devnet', label: 'SOL', amount: '0.25' },
    { network: 'solana_devnet', label: 'USDC (SPL)', asset: 'USDC', amount: '7' },
  ];

  it.each(cases)('$network $label: the hash is the signed transaction’s, on its chain, signed by the sender', async ({ network, asset, amount }) => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, network);
    const sent = await postSend(ctx.app, user, { walletId: wallet.id, to: externalAddress(network), amount, ...(asset ? { asset } : {}) });
    expect(sent.statusCode, sent.body).toBe(201);
    const { hash } = sent.json().transaction as TransactionView;
    const response = await call(ctx.app, 'GET', `/api/explorer/tx/${hash}`);
    expect(response.statusCode).toBe(200);
    const shown = explorerTransactionSchema.parse(response.json());
    expect(shown.raw).not.toBeNull();
    const raw = shown.raw!;

    if (raw.kind === 'evm') {
      const definition = getNetwork(network);
      expect(definition.family).toBe('evm');
      expect(raw.chainId).toBe(network === 'eth_sepolia' ? 11155111 : 80002);
      const parsed = Transaction.from(raw.serialized);
      expect(parsed.hash).toBe(shown.hash);
      expect(parsed.chainId).toBe(BigInt(raw.chainId));
      expect(parsed.from).toBe(shown.from);
      expect(parsed.from).toBe(wallet.address);
      expect(parsed.nonce).toBeGreaterThanOrEqual(0);
      // An EIP-1559 transaction offering the effective price as its fee cap and its tip.
      expect(parsed.type).toBe(2);
      expect(parsed.maxFeePerGas?.toString()).toBe(shown.effectiveGasPrice);
      expect(parsed.maxPriorityFeePerGas?.toString()).toBe(shown.effectiveGasPrice);
      if (asset) {
        // An ERC-20 transfer: to the token contract, no value, transfer(to, amount) in its data.
        expect(parsed.to).toBe(shown.tokenAddress);
        expect(parsed.value).toBe(0n);
        expect(parsed.data.slice(0, 10)).toBe('0xa9059cbb');
        expect(BigInt(`0x${parsed.data.slice(74)}`)).toBe(BigInt(shown.valueUnits));
      } else {
        expect(parsed.to).toBe(shown.to);
        expect(parsed.value).toBe(BigInt(shown.valueUnits));
      }
    } else {
      expect(network).toBe('solana_devnet');
      const message = Buffer.from(raw.message, 'base64');
      const signature = base58.decode(raw.signature);
      expect(raw.signature).toBe(shown.hash);
      expect(raw.signer).toBe(shown.from);
      const signer = base58.decode(raw.signer);
      expect(verify(null, message, ed25519PublicKey(signer), signature)).toBe(true);
      // The message's first account is the fee payer and signer: the sender.
      expect(Buffer.from(message.subarray(4, 36)).equals(Buffer.from(signer))).toBe(true);
      // A changed byte no longer verifies.
      const tampered = Buffer.from(message);
      tampered[tampered.length - 1]! ^= 1;
      expect(verify(null, tampered, ed25519PublicKey(signer), signature)).toBe(false);
    }
  });
});
