import { randomBytes } from 'node:crypto';
import { cookieValue, signValue, verifySignedValue } from './session-reader.ts';

/** How long a browser that signed in stays known to the account. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface DeviceCookieOptions {
  /** `fincrypt.device`, with the `__Secure-` prefix when the site is https (as better-auth names its own cookies). */
  name: string;
  secret: string;
  isSecure: boolean;
}

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account keeps a cookie naming that account and a random device id, signed by the server. When the account's
 * hourly bound of wrong passwords is reached (a stranger guessing from many addresses), that browser still has an
 * allowance of its own (lockout.ts), so the stranger cannot lock the owner out. One per browser: the account it last
 * signed in to. Sent only to /api/auth.
 */
export function createDeviceCookies({ name, secret, isSecure }: DeviceCookieOptions) {
  // Signed as better-auth signs its cookies, under a key of the device cookies' own.
  const key = `device-cookie:${secret}`;
  const attributes = ['Path=/api/auth', `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`, 'HttpOnly', 'SameSite=Lax', ...(isSecure ? ['Secure'] : [])].join('; ');
  return {
    /** A Set-Cookie header value: a new device of this login (the email as signed in with). */
    issue(login: string): string {
      const value = `${Buffer.from(login).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
      return `${name}=${encodeURIComponent(signValue(value, key))}; ${attributes}`;
    },
    /** The device id the request's cookie names, when the server signed it and for this login; else undefined. */
    read(cookieHeader: string | undefined, login: string): string | undefined {
      const signed = cookieValue(cookieHeader, name);
      const [loginPart, device, extra] = (signed === undefined ? undefined : verifySignedValue(signed, key))?.split('.') ?? [];
      if (loginPart === undefined || !device || extra !== undefined) return undefined;
      return Buffer.from(loginPart, 'base64url').toString('utf8') === login ? device : undefined;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
