import { z } from 'zod';
import { DISPLAY_CURRENCIES } from './currency.ts';

/**
 * Request fields whose values are codes read in either case: a module of their own, so that a schema module using one
 * does not build another module's schemas when it loads.
 */

/** One of `values` as a request names it, in either case and with spaces around ("INR", " Eur "): read in lower case. */
export function lowerCaseEnumInput<const Values extends readonly [string, ...string[]]>(values: Values, error: string) {
  return z.string({ error }).trim().toLowerCase().pipe(z.enum(values, { error }));
}

/** A display currency as a request names it, in either case ("INR", "inr", " Eur "): read as the lower-case code. */
export function displayCurrencyInput(error = `Unknown currency: choose one of ${DISPLAY_CURRENCIES.map((code) => code.toUpperCase()).join(', ')}`) {
  return lowerCaseEnumInput(DISPLAY_CURRENCIES, error);
}
