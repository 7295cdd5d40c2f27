import { X } from 'lucide-react';
import { useState } from 'react';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

export const CONSENT_COOKIE = 'cookie-consent';
const ACCEPTED_DAYS = 365;
const DECLINED_DAYS = 7;

/** Shown while no consent cookie exists: Accept All keeps 'accepted' a year; Decline or close, 'declined' a week. */
export function CookieConsent() {
  const [isVisible, setVisible] = useState(() => readCookie(CONSENT_COOKIE) === undefined);
  if (!isVisible) return null;
  const decide = (choice: 'accepted' | 'declined') => {
    writeCookie(CONSENT_COOKIE, choice, choice === 'accepted' ? ACCEPTED_DAYS : DECLINED_DAYS);
    setVisible(false);
  };
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-slate-700 dark:text-slate-200">
          We use essential cookies to keep you signed in and, with your consent, to remember your preferences.
          FinCrypt uses no advertising or tracking cookies.
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => decide('declined')}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => decide('accepted')}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Accept All
          </button>
          <button
            type="button"
            onClick={() => decide('declined')}
            aria-label="Close cookie banner"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      </div>
    </section>
  );
}
