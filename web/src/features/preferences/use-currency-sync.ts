import type { DisplayCurrency } from '@fincrypt/domain';
import { useEffect, useRef, useState } from 'react';
import { getAccountCurrency, putAccountCurrency } from './api/display-currency.ts';
import { CURRENCY_STORAGE_KEY, useCurrencyStore } from './currency-store.ts';

/**
 * Keeps the display currency on the account while someone is signed in (docs/product.md#cross-border-payments):
 * at sign-in the account's currency is adopted when it has one; otherwise a choice made on this browser before
 * (one that was stored) is saved to it. Every change afterwards is saved. A failed save is tried again at the
 * next change; the choice on this browser stands meanwhile.
 */
export function useCurrencySync(userId: string | undefined): void {
  const currency = useCurrencyStore((state) => state.currency);
  // The user whose account's currency was read, and the currency the account is known to hold.
  const [readFor, setReadFor] = useState<string>();
  const saved = useRef<DisplayCurrency | null>(null);

  useEffect(() => {
    if (userId === undefined) {
      setReadFor(undefined);
      return;
    }
    let isCurrent = true;
    const hadLocalChoice = localStorage.getItem(CURRENCY_STORAGE_KEY) !== null;
    void getAccountCurrency()
      .catch(() => undefined)
      .then((accountCurrency) => {
        if (!isCurrent) return;
        if (accountCurrency) {
          saved.current = accountCurrency;
          useCurrencyStore.getState().setCurrency(accountCurrency);
        } else {
          // Nothing on the account (or it could not be read): a stored choice here is saved; the default is not a choice.
          saved.current = hadLocalChoice ? null : useCurrencyStore.getState().currency;
        }
        setReadFor(userId);
      });
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  useEffect(() => {
    if (userId === undefined || readFor !== userId || saved.current === currency) return;
    saved.current = currency;
    putAccountCurrency(currency).catch(() => {
      saved.current = null;
    });
  }, [userId, readFor, currency]);
}
