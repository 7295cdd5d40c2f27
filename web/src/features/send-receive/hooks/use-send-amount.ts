import { type DisplayCurrency, type FeeQuoteView, NETWORKS, type WalletView, isDisplayCurrency, parseAmount } from '@fincrypt/domain';
import { useEffect, useState } from 'react';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { useRecipientCurrency } from '../api/get-recipient-currency.ts';
import { type AmountUnit, amountInUnit, indicativeFigures, otherUnitText, ratesFromPrices, readUnit } from '../payment-figures.ts';
import type { SendFormHandle } from '../send-form-values.ts';
import { type SendableAsset, maxAmountText } from '../send-assets.ts';

export interface UseSendAmountInput {
  form: SendFormHandle;
  wallet: WalletView | undefined;
  asset: SendableAsset | undefined;
  /** The fee quote of the chosen speed, when one is on screen: MAX is the balance left after its fee. */
  selectedQuote: FeeQuoteView | undefined;
}

/**
 * The Send form's amount (docs/product.md#cross-border-payments): the unit it is typed in (the asset, the sender's
 * money, or what the recipient gets), the recipient's currency (the one their FinCrypt wallet says they use, until
 * the sender picks another; else the sender's own), MAX, and the indicative figures at the live prices.
 */
export function useSendAmount({ form, wallet, asset, selectedQuote }: UseSendAmountInput) {
  const amountText = form.watch('amount') ?? '';
  const toText = form.watch('to') ?? '';
  const displayCurrency = useCurrencyStore((state) => state.currency);
  const [unit, setUnit] = useState<AmountUnit>('asset');
  const { senderCurrency, fixed } = readUnit(unit, displayCurrency);
  const [chosenRecipientCurrency, setChosenRecipientCurrency] = useState<string>();
  const suggestion = useRecipientCurrency(wallet?.network, toText);
  const suggestedCurrency = suggestion.data ?? undefined;
  const recipientCurrency = isDisplayCurrency(chosenRecipientCurrency) ? chosenRecipientCurrency : (suggestedCurrency ?? senderCurrency);

  const { prices } = usePrices();
  /** The live rates of this payment with the sender paying in `currency`. */
  const ratesFor = (currency: DisplayCurrency) =>
    wallet && asset ? ratesFromPrices(prices, asset.priceTokenId, NETWORKS[wallet.network].priceTokenId, currency, recipientCurrency) : undefined;
  const rates = ratesFor(senderCurrency);

  // MAX follows the chosen speed and every new quote until the user types an amount of their own.
  const [isMaxAmount, setMaxAmount] = useState(false);
  const maxSendable = selectedQuote ? maxAmountText(selectedQuote, asset) : undefined;
  const maxUnits = maxSendable !== undefined && asset ? parseAmount(maxSendable, asset.decimals) : undefined;
  const maxInUnit =
    maxUnits?.ok && asset ? amountInUnit({ units: maxUnits.units, unit, displayCurrency, recipientCurrency, assetDecimals: asset.decimals, rates }) : undefined;
  const isSubmitted = form.formState.isSubmitted;
  useEffect(() => {
    if (isMaxAmount && maxInUnit !== undefined) form.setValue('amount', maxInUnit, { shouldValidate: form.formState.isSubmitted });
  }, [form, isMaxAmount, maxInUnit]);

  // While MAX holds, the figures are those of the whole sendable amount of the asset, whatever the field shows.
  const isMaxHeld = isMaxAmount && maxSendable !== undefined;
  const pricedUnit: AmountUnit = isMaxHeld ? 'asset' : unit;
  const figures = asset
    ? indicativeFigures({
        unit: pricedUnit,
        amount: isMaxHeld ? maxSendable : amountText,
        displayCurrency: senderCurrency,
        recipientCurrency,
        assetDecimals: asset.decimals,
        feeDecimals: wallet ? NETWORKS[wallet.network].decimals : 18,
        feeUnits: selectedQuote ? BigInt(selectedQuote.feeUnits) : 0n,
        rates,
      })
    : undefined;
  const priced = figures?.ok ? figures : undefined;

  /** Another unit: the same payment, told in it (at the live price); MAX stays MAX. */
  function selectUnit(next: AmountUnit) {
    if (next === unit) return;
    setUnit(next);
    if (isMaxAmount) return;
    const nextSenderCurrency = readUnit(next, displayCurrency).senderCurrency;
    const nextText =
      priced && asset
        ? amountInUnit({
            units: priced.amountUnits,
            unit: next,
            displayCurrency: nextSenderCurrency,
            recipientCurrency,
            assetDecimals: asset.decimals,
            rates: ratesFor(nextSenderCurrency),
          })
        : undefined;
    form.setValue('amount', nextText ?? '', { shouldValidate: isSubmitted });
  }

  /** MAX: the whole sendable amount, in the unit shown, until the user types. */
  function chooseMax() {
    setMaxAmount(true);
    if (maxInUnit !== undefined) form.setValue('amount', maxInUnit, { shouldValidate: isSubmitted });
  }

  return {
    displayCurrency,
    unit,
    setUnit,
    selectUnit,
    /** The side of the payment the typed amount fixes ('asset', 'sender' or 'recipient'). */
    fixed,
    senderCurrency,
    recipientCurrency,
    setChosenRecipientCurrency,
    isSuggestedCurrency: suggestedCurrency !== undefined && recipientCurrency === suggestedCurrency,
    isMaxAmount,
    setMaxAmount,
    chooseMax,
    /** The indicative figures of the amount (or of MAX), when they can be priced. */
    priced,
    /** The amount told in the other unit ("≈ 0.05 ETH", "≈ ₹10,000"), under the field. */
    otherUnit: priced && asset ? otherUnitText(priced, pricedUnit, senderCurrency, asset.symbol, asset.decimals) : undefined,
    coinPrice: wallet ? prices?.[NETWORKS[wallet.network].priceTokenId]?.prices[displayCurrency] : undefined,
  };
}

export type SendAmount = ReturnType<typeof useSendAmount>;
