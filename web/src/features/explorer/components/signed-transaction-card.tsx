import type { ExplorerTransaction } from '@fincrypt/domain';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

/** One part of the signed transaction, in full (it wraps anywhere), with a copy button. */
function RawPart({ term, value, copyLabel, testId }: { term: string; value: string; copyLabel: string; testId: string }) {
  return (
    <div className="space-y-1 py-3">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        {term}
        <CopyButton value={value} label={`Copy ${copyLabel}`} successMessage={`${copyLabel[0]!.toUpperCase()}${copyLabel.slice(1)} copied to clipboard`} />
      </dt>
      <dd>
        <code
          data-testid={testId}
          className="block max-h-48 overflow-y-auto rounded-md bg-slate-50 p-2 font-mono text-xs break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {value}
        </code>
      </dd>
    </div>
  );
}

function Explanation({ children }: { children: ReactNode }) {
  return <p className="pb-3 text-sm text-slate-600 dark:text-slate-300">{children}</p>;
}

/**
 * The transaction as its sender signed it, so anyone can check with any library that its hash is the one shown and
 * that the sender's key signed it: EVM's serialized transaction (EIP-1559, or legacy EIP-155 before issue 49; the chain id is signed with it), or
 * Solana's signed message and ed25519 signature.
 */
export function SignedTransactionCard({ transaction }: { transaction: ExplorerTransaction }) {
  const { raw } = transaction;
  return (
    <Card className="px-4 pt-3 sm:px-6" data-testid="signed-transaction">
      <h2 className="text-lg font-semibold">Signed transaction</h2>
      {raw === null ? (
        <Explanation>
          {transaction.type === 'mint'
            ? 'Test funds from the faucet are the test network’s own issuance: no key signs them, so there is no signed transaction to show.'
            : 'This transaction was recorded before FinCrypt kept signed transactions, so there is none to show.'}
        </Explanation>
      ) : raw.kind === 'evm' ? (
        <>
          <dl className="divide-y divide-slate-200 dark:divide-slate-700">
            <div className="flex justify-between gap-2 py-3 text-sm">
              <dt className="font-medium text-slate-600 dark:text-slate-300">Chain id</dt>
              <dd className="font-mono">{raw.chainId}</dd>
            </div>
            <RawPart term="Serialized signed transaction (hex)" value={raw.serialized} copyLabel="signed transaction" testId="raw-serialized" />
          </dl>
          <Explanation>
            To verify it: the keccak-256 hash of these bytes is the transaction hash above, and recovering the signer from its
            signature (signed for chain id {raw.chainId}) gives the From address. In ethers, <code className="font-mono">Transaction.from(raw)</code> gives
            both as <code className="font-mono">.hash</code> and <code className="font-mono">.from</code>.
          </Explanation>
        </>
      ) : (
        <>
          <dl className="divide-y divide-slate-200 dark:divide-slate-700">
            <RawPart term="Signed message (base64)" value={raw.message} copyLabel="signed message" testId="raw-message" />
            <RawPart term="Signature (base58)" value={raw.signature} copyLabel="signature" testId="raw-signature" />
            <RawPart term="Signer (public key, base58)" value={raw.signer} copyLabel="signer" testId="raw-signer" />
          </dl>
          <Explanation>
            To verify it: decode the message from base64 and check the ed25519 signature over it against the signer’s public key (the
            From address, base58-decoded) with any ed25519 library; the signature in base58 is the transaction hash above.
          </Explanation>
        </>
      )}
    </Card>
  );
}
