import { CURRENCY_SYMBOLS, DISPLAY_CURRENCIES, isDisplayCurrency } from '@fincrypt/domain';
import { useId } from 'react';
import { useSession } from '../../auth/index.ts';
import { useCurrencyStore } from '../currency-store.ts';
import { useCurrencySync } from '../use-currency-sync.ts';

/**
 * The display-currency selector in the top bar: ₹ INR, $ USD, € EUR, £ GBP, ¥ JPY. While someone is signed in
 * the choice is kept on their account as well.
 */
export function CurrencySelect() {
  const session = useSession();
  useCurrencySync(session.data?.user.id);
  const currency = useCurrencyStore((state) => state.currency);
  const setCurrency = useCurrencyStore((state) => state.setCurrency);
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Display currency
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          if (isDisplayCurrency(event.target.value)) setCurrency(event.target.value);
        }}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {CURRENCY_SYMBOLS[code]} {code.toUpperCase()}
          </option>
        ))}
      </select>
    </>
  );
}
