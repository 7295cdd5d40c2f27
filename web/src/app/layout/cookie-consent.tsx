import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { writeCookie } from '../../lib/cookies.ts';
import { CONSENT_COOKIE, hasAnsweredConsent } from './consent-cookie.ts';

const ACCEPTED_DAYS = 365;
const DECLINED_DAYS = 7;
/** The banner's height, on <html>: index.css turns it into scroll padding, so nothing focused hides under it. */
const HEIGHT_VARIABLE = '--cookie-banner-height';

const buttonBase = 'rounded-md px-3 py-1.5 text-sm font-medium sm:px-4 sm:py-2';

/** Keeps HEIGHT_VARIABLE equal to the banner's height while it is shown (it wraps differently as widths change). */
function useHeightVariable(isVisible: boolean) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!isVisible || !banner) return;
    const root = document.documentElement;
    const setHeight = (height: number) => root.style.setProperty(HEIGHT_VARIABLE, `${height}px`);
    if (typeof ResizeObserver === 'undefined') {
      setHeight(banner.offsetHeight);
      return () => root.style.removeProperty(HEIGHT_VARIABLE);
    }
    // The observer reports the height after layout, before paint: reading offsetHeight here instead would force
    // a layout of the whole page in the middle of the first render (Lighthouse's forced reflow, ~130 ms on a phone).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize;
      setHeight(height === undefined ? banner.offsetHeight : Math.round(height));
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [isVisible]);
  return ref;
}

/**
 * Shown while no consent cookie exists: Accept All keeps 'accepted' a year; Decline or close, 'declined' a week.
 * The page scrolls so that a focused control stays above it, and on a small screen it is one short line of
 * text above its buttons (docs/product.md#global-chrome).
 */
export function CookieConsent() {
  const [isVisible, setVisible] = useState(() => !hasAnsweredConsent());
  const ref = useHeightVariable(isVisible);
  if (!isVisible) return null;
  const decide = (choice: 'accepted' | 'declined') => {
    writeCookie(CONSENT_COOKIE, choice, choice === 'accepted' ? ACCEPTED_DAYS : DECLINED_DAYS);
    setVisible(false);
  };
  return (
    <section
      ref={ref}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white px-4 py-2 shadow-lg sm:py-4 dark:border-slate-700 dark:bg-slate-900 print:hidden"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <p className="flex-1 text-xs text-slate-700 sm:text-sm dark:text-slate-200">
          We use essential cookies to keep you signed in and, with your consent, to remember your preferences.
          <span className="hidden sm:inline"> FinCrypt uses no advertising or tracking cookies.</span>
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => decide('declined')}
            className={`${buttonBase} border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800`}
          >
            Decline
          </button>
          <button type="button" onClick={() => decide('accepted')} className={`${buttonBase} bg-indigo-600 text-white hover:bg-indigo-700`}>
            Accept All
          </button>
          <button
            type="button"
            onClick={() => decide('declined')}
            aria-label="Close cookie banner"
            className="ml-auto inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 sm:ml-0 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      </div>
    </section>
  );
}
