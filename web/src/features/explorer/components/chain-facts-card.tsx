import type { ExplorerContractCall, ExplorerTransaction } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { explorerAddressPath } from '../../transactions/index.ts';
import { gasText, gasUsedOfText, gweiText } from '../chain-format.ts';
import { explorerLinkClass } from './address-link.tsx';
import { Fact } from './fact.tsx';

/** An address in full, linked to its explorer page. */
function AddressInFull({ address }: { address: string }) {
  return (
    <Link to={explorerAddressPath(address)} className={`font-mono text-sm break-all ${explorerLinkClass}`}>
      {address}
    </Link>
  );
}

/** `transfer(to, amount)` on the token's contract, its arguments decoded, and the token it moved from → to. */
function ContractCall({ call }: { call: ExplorerContractCall }) {
  const token = call.contractSymbol ?? 'token';
  const moved = call.tokenMoved;
  return (
    <>
      <Fact term="Contract call" testId="decoded-call">
        <span className="block">
          <code className="font-mono text-sm font-semibold">{call.functionName}(to, amount)</code> on the {token} contract{' '}
          <span className="font-mono text-sm break-all" data-testid="call-contract">
            {call.contract}
          </span>
        </span>
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
          <code className="font-mono">{call.signature}</code>
        </span>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-mono text-slate-600 dark:text-slate-300">to</dt>
          <dd className="font-mono break-all" data-testid="call-to">
            {call.args.to}
          </dd>
          <dt className="font-mono text-slate-600 dark:text-slate-300">amount</dt>
          <dd className="font-mono break-all" data-testid="call-amount">
            {call.args.amountUnits}
            {moved.amount !== null && <span className="font-sans text-slate-600 dark:text-slate-300"> ({`${moved.amount} ${token}`})</span>}
          </dd>
        </dl>
      </Fact>
      <Fact term="Token moved" testId="token-moved">
        <span className="block font-semibold tabular-nums">{moved.amount === null ? `${moved.amountUnits} units` : `${moved.amount} ${moved.symbol ?? token}`}</span>
        <span className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="text-sm text-slate-600 dark:text-slate-300">From</span>
          {call.functionName === 'mint' ? <span className="text-sm">nowhere (minted)</span> : <AddressInFull address={moved.from} />}
          <span aria-hidden>→</span>
          <span className="text-sm text-slate-600 dark:text-slate-300">To</span>
          <AddressInFull address={moved.to} />
        </span>
      </Fact>
    </>
  );
}

/**
 * An EVM transaction as its chain has it: nonce, gas limit and used, the fee caps it was signed with, the token call
 * decoded from its signed bytes; a failed transaction's reason. Nothing for a transaction without any (Solana).
 */
export function ChainFactsCard({ transaction }: { transaction: ExplorerTransaction }) {
  const { evm, failure } = transaction;
  const showsFailure = transaction.status === 'failed' && failure !== null && failure !== undefined && transaction.replacedBy === undefined;
  if (evm === undefined && !showsFailure) return null;
  return (
    <Card className="px-4 pt-3 pb-1 sm:px-6" data-testid="chain-facts">
      <h2 className="text-lg font-semibold">On chain</h2>
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        {showsFailure && (
          <Fact term="Failure reason" testId="failure-reason">
            <span className="text-red-700 dark:text-red-400">{failure}</span>
          </Fact>
        )}
        {evm && (
          <Fact term="Nonce" testId="nonce">
            <span className="font-mono">{evm.nonce}</span>
          </Fact>
        )}
        {evm && (evm.gasUsed !== null || evm.gasLimit !== null) && (
          <Fact term={evm.gasUsed === null ? 'Gas limit' : 'Gas used'} testId="gas">
            <span className="tabular-nums">
              {evm.gasUsed === null
                ? `${gasText(evm.gasLimit!)} (not in a block yet)`
                : evm.gasLimit === null
                  ? gasText(evm.gasUsed)
                  : gasUsedOfText(evm.gasUsed, evm.gasLimit)}
            </span>
          </Fact>
        )}
        {evm !== undefined && evm.maxFeePerGas !== null && (
          <Fact term="Max fee per gas" testId="fee-caps">
            <span className="tabular-nums">
              {gweiText(evm.maxFeePerGas)}
              {evm.maxPriorityFeePerGas !== null && ` · priority fee ${gweiText(evm.maxPriorityFeePerGas)}`}
            </span>
          </Fact>
        )}
        {evm?.call && <ContractCall call={evm.call} />}
      </dl>
    </Card>
  );
}
