import { NETWORKS, type NetworkId } from '@fincrypt/domain';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ContactPicker } from '../../contacts/index.ts';
import { QrScannerButton } from '../../qr-scanner/index.ts';
import type { PaymentCodeControls } from '../hooks/use-payment-code.ts';
import type { SendFormHandle } from '../send-form-values.ts';
import { PaymentCodeOfferNotice } from './payment-code-offer.tsx';

export interface RecipientFieldProps {
  form: SendFormHandle;
  network: NetworkId | undefined;
  /** A scanned or pasted code's reading (use-payment-code.ts). */
  paymentCode: PaymentCodeControls;
  /** What the last code said about itself, under the field. */
  codeDescription: string | undefined;
}

/** The Send form's recipient: typed, pasted (a payment code is read as one), scanned, or picked from the contacts. */
export function RecipientField({ form, network, paymentCode, codeDescription }: RecipientFieldProps) {
  const toText = form.watch('to') ?? '';
  const { errors, isSubmitted } = form.formState;
  return (
    <>
      <Field label="Recipient Address" error={errors.to?.message} hint={codeDescription}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              {...form.register('to')}
              onPaste={paymentCode.onPaste}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              placeholder={network && NETWORKS[network].family === 'solana' ? 'Solana address' : '0x…'}
            />
            <QrScannerButton onScan={paymentCode.onScan} />
          </div>
        )}
      </Field>
      {paymentCode.offer && <PaymentCodeOfferNotice offer={paymentCode.offer} onAccept={paymentCode.acceptOffer} />}

      <ContactPicker network={network} recipient={toText} onPick={(address) => form.setValue('to', address, { shouldValidate: isSubmitted })} />
    </>
  );
}
