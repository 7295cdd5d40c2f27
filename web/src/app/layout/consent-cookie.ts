import { readCookie } from '../../lib/cookies.ts';

/** The cookie that keeps the visitor's answer to the cookie banner ('accepted' or 'declined'). */
export const CONSENT_COOKIE = 'cookie-consent';

/** Whether the visitor has answered the banner: most page loads are theirs, and need none of its code. */
export const hasAnsweredConsent = (): boolean => readCookie(CONSENT_COOKIE) !== undefined;
