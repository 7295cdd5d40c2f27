import { type PaymentQuote, formatFiatMinor, shortenAddress } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import type { KnownAddress } from '../recipient-assessment.ts';
import { AddressDiff } from './address-diff.tsx';
import { ConfirmCheck } from './confirm-check.tsx';

export const REVIEW_ADDRESS_CLASS = 'block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/**
 * Address poisoning: the recipient shares the first and last characters of an address the user knows. The characters
 * that differ are marked, and Send waits until the user says they checked the whole address.
 */
export function LookalikeWarning(props: { to: string; imitated: KnownAddress; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  const { to, imitated } = props;
  return (
    <Alert tone="error">
      <p className="font-semibold">This address imitates one you know</p>
      <p>
        {`The recipient looks like ${imitated.description} but it is a different address. `}
        Scammers create addresses that share the first and last characters of one you know, hoping you copy theirs. Compare
        every character.
      </p>
      <p className="mt-2">You are sending to (the characters that differ are marked):</p>
      <AddressDiff className={REVIEW_ADDRESS_CLASS} address={to} imitated={imitated.address} />
      <p className="mt-2">{`It imitates ${imitated.description}:`}</p>
      <code className={REVIEW_ADDRESS_CLASS}>{imitated.address}</code>
      <ConfirmCheck checked={props.checked} onChange={props.onCheckedChange}>
        I have checked the whole address
      </ConfirmCheck>
    </Alert>
  );
}

/**
 * A network fee above 10 % of the amount is said before Send; above 100 %, Send waits until the user accepts it
 * (domain feeShareLevel).
 */
export function FeeShareWarning(props: {
  quote: Pick<PaymentQuote, 'feePercent' | 'sender' | 'senderCurrency' | 'cheaperNetworks'>;
  level: 'warn' | 'confirm';
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const { quote, level } = props;
  const money = (minor: string) => formatFiatMinor(BigInt(minor), quote.senderCurrency);
  return (
    <Alert tone={level === 'confirm' ? 'error' : 'warning'}>
      <p className="font-semibold">{level === 'confirm' ? 'The network fee is more than the payment' : `The network fee is ${quote.feePercent}% of the amount`}</p>
      <p>{`${money(quote.sender.feeMinor)} in fees to send ${money(quote.sender.amountMinor)} (${quote.feePercent}%).`}</p>
      {quote.cheaperNetworks && quote.cheaperNetworks.length > 0 ? (
        <>
          <p className="mt-2">The recipient has a wallet where it costs less:</p>
          <ul className="list-disc pl-5">
            {quote.cheaperNetworks.map((cheaper) => (
              <li key={cheaper.network}>
                {`${cheaper.networkLabel} (${cheaper.asset}, ${cheaper.via === 'user' ? 'their FinCrypt wallet' : 'your contact'} ${shortenAddress(cheaper.to)}): ${money(cheaper.feeMinor)} in fees (${cheaper.feePercent}%)`}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2">A larger payment would cost less, in proportion.</p>
      )}
      {level === 'confirm' && (
        <ConfirmCheck checked={props.accepted} onChange={props.onAcceptedChange}>
          I accept a fee larger than the payment
        </ConfirmCheck>
      )}
    </Alert>
  );
}
