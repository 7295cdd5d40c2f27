import { CURRENCY_SYMBOLS, DISPLAY_CURRENCIES, type FeeQuoteView } from '@fincrypt/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { SendAmount } from '../hooks/use-send-amount.ts';
import { AMOUNT_UNITS, isAmountUnit, unitLabel } from '../payment-figures.ts';
import type { SendFormHandle } from '../send-form-values.ts';
import { type SendableAsset, maxAmountText } from '../send-assets.ts';

export interface AmountFieldProps {
  form: SendFormHandle;
  amount: SendAmount;
  asset: SendableAsset | undefined;
  selectedQuote: FeeQuoteView | undefined;
  /** The network's coin, in which every fee is paid. */
  feeSymbol: string | undefined;
}

/** What the amount's hint says of MAX: how much the fee of the chosen speed leaves to send. */
function maxHint(quote: FeeQuoteView, asset: SendableAsset, feeSymbol: string | undefined): string {
  const speed = quote.label.toLowerCase();
  return asset.kind === 'token'
    ? `Up to ${maxAmountText(quote, asset)} ${asset.symbol}; the ${speed} fee is paid in ${feeSymbol ?? ''}`
    : `Up to ${quote.maxSendable} ${asset.symbol} after the ${speed} fee`;
}

/**
 * The Send form's amount: typed in the asset or in money (the unit select), MAX, and the currency the recipient
 * gets ("They receive in"); the hint tells the amount in the other unit and how much the fee leaves to send.
 */
export function AmountField({ form, amount, asset, selectedQuote, feeSymbol }: AmountFieldProps) {
  const { otherUnit, unit, recipientCurrency } = amount;
  const symbol = asset?.symbol;
  const hasHint = otherUnit !== undefined || selectedQuote !== undefined;
  return (
    <>
      <Field
        label="Amount"
        error={form.formState.errors.amount?.message}
        hint={
          hasHint ? (
            <>
              {otherUnit !== undefined && <span className="block">{otherUnit}</span>}
              {selectedQuote && asset && <span className="block">{maxHint(selectedQuote, asset, feeSymbol)}</span>}
            </>
          ) : undefined
        }
      >
        {(control) => (
          // On a phone the amount takes a row of its own, with its unit and MAX under it: beside both it was 90 px wide.
          <div className="flex flex-wrap gap-2 sm:flex-nowrap">
            <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
              <Input
                {...control}
                {...form.register('amount', { onChange: () => amount.setMaxAmount(false) })}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
              />
            </div>
            <div className="min-w-0 flex-1 sm:w-32 sm:flex-none">
              <Select
                aria-label="Amount in"
                value={unit}
                disabled={!symbol}
                onChange={(event) => {
                  if (isAmountUnit(event.target.value)) amount.selectUnit(event.target.value);
                }}
              >
                {AMOUNT_UNITS.map((candidate) => (
                  <option key={candidate} value={candidate}>
                    {unitLabel(candidate, symbol ?? 'Asset', recipientCurrency)}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="outline" className="shrink-0" disabled={!selectedQuote} onClick={amount.chooseMax}>
              MAX
            </Button>
          </div>
        )}
      </Field>

      <Field
        label="They receive in"
        hint={
          amount.isSuggestedCurrency
            ? `${CURRENCY_SYMBOLS[recipientCurrency]} ${recipientCurrency.toUpperCase()}: the currency the recipient uses on FinCrypt`
            : undefined
        }
      >
        {(control) => (
          <Select {...control} value={recipientCurrency} onChange={(event) => amount.setChosenRecipientCurrency(event.target.value)}>
            {DISPLAY_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {`${CURRENCY_SYMBOLS[currency]} ${currency.toUpperCase()}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
