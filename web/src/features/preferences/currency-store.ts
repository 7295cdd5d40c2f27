import { DEFAULT_DISPLAY_CURRENCY, type DisplayCurrency, isDisplayCurrency } from '@fincrypt/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface CurrencyState {
  currency: DisplayCurrency;
  setCurrency: (currency: DisplayCurrency) => void;
}

export const CURRENCY_STORAGE_KEY = 'currency-storage';

/**
 * The display currency for every fiat figure, persisted under "currency-storage" (only once chosen: the default
 * is not written); kept on the account too while signed in (use-currency-sync.ts).
 */
export const useCurrencyStore = create<CurrencyState>()(
  persist(
    (set) => ({ currency: DEFAULT_DISPLAY_CURRENCY, setCurrency: (currency) => set({ currency }) }),
    {
      name: CURRENCY_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ currency: state.currency }),
      // A stored value that is not one of the five currencies falls back to the default.
      merge: (persisted, current) => {
        const stored = (persisted as { currency?: unknown } | undefined)?.currency;
        return { ...current, currency: isDisplayCurrency(stored) ? stored : DEFAULT_DISPLAY_CURRENCY };
      },
    },
  ),
);
