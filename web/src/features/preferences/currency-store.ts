import { DEFAULT_DISPLAY_CURRENCY, type DisplayCurrency, isDisplayCurrency } from '@fincrypt/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface CurrencyState {
  currency: DisplayCurrency;
  setCurrency: (currency: DisplayCurrency) => void;
}

/** The display currency for every fiat figure, persisted under "currency-storage". */
export const useCurrencyStore = create<CurrencyState>()(
  persist(
    (set) => ({ currency: DEFAULT_DISPLAY_CURRENCY, setCurrency: (currency) => set({ currency }) }),
    {
      name: 'currency-storage',
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
