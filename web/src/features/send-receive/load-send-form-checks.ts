import type * as SendFormChecks from './send-form-checks.ts';

/** What loadSendFormChecks() resolves to: the send form's checks (send-form-checks.ts). */
export type SendFormChecksModule = typeof SendFormChecks;

/**
 * The send form's checks in a chunk of their own: fetched on the form's first interaction (or its first check, if
 * that comes first), then at once from the browser's module map.
 */
export function loadSendFormChecks(): Promise<SendFormChecksModule> {
  return import('./send-form-checks.ts');
}
