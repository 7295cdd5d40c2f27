import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PaymentCodeOffer } from '../hooks/use-payment-code.ts';

/** "Use my Polygon Amoy wallet": the button of a code for another network's wallet. */
export function offerButtonText(offer: Pick<PaymentCodeOffer, 'wallet'>): string {
  return `Use my ${offer.wallet.networkLabel} wallet`;
}

/**
 * Under the recipient field after a scanned or pasted code: for another network, what the code asks for ("This
 * code asks for USDC on Polygon Amoy") and a button that switches to the user's wallet there and fills the form.
 */
export function PaymentCodeOfferNotice({ offer, onAccept }: { offer: PaymentCodeOffer; onAccept: () => void }) {
  return (
    <Alert tone="warning">
      <p>{offer.message}</p>
      <Button variant="outline" className="mt-2" onClick={onAccept}>
        {offerButtonText(offer)}
      </Button>
    </Alert>
  );
}
