import { Alert } from '../../../components/ui/alert.tsx';
import type { PrefilledRequest } from '../apply-prefill.ts';

/** "Paying Ana's request" (or "a payment request" when a scanned code names nobody). */
export function payingRequestText(displayName: string | undefined): string {
  return displayName ? `Paying ${displayName}'s request` : 'Paying a payment request';
}

export interface PayingRequestNoticeProps {
  prefilled: PrefilledRequest;
  /** False once the form's network, recipient or asset no longer match the request's. */
  isPaying: boolean;
  /** The server refused a send: the request is paid, expired or cancelled (its message). */
  closed?: string;
}

/** Above the Send form filled from a payment request: whose request it pays, or that it no longer does. */
export function PayingRequestNotice({ prefilled, isPaying, closed }: PayingRequestNoticeProps) {
  const name = prefilled.request?.displayName;
  if (closed && isPaying) {
    return (
      <Alert tone="error">
        <p className="font-semibold">{payingRequestText(name)}</p>
        <p>{closed}</p>
      </Alert>
    );
  }
  if (!isPaying) {
    return (
      <Alert tone="warning">
        {`The network, recipient or asset no longer match ${name ? `${name}'s` : 'the'} request: this payment will not pay it.`}
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <p className="font-semibold">{payingRequestText(name)}</p>
      {prefilled.request?.note && <p className="mt-1 break-words">{prefilled.request.note}</p>}
    </Alert>
  );
}
