import type { Session } from './get-session.ts';

/** The element the server puts in index.html (server/src/plugins/spa-hints.ts, SESSION_BOOTSTRAP_ID). */
export const SESSION_BOOTSTRAP_ID = 'session-bootstrap';

let isTaken = false;

/**
 * The session the server wrote into the page it answered: the signed-in user, null when nobody was signed in,
 * undefined when the page carries none (the dev server, a build served elsewhere) or it was already taken.
 * Taken once: it describes the moment the page loaded, so a later session query (after a sign-out, say) asks
 * the server instead.
 */
export function takeBootstrappedSession(doc: Document = document): Session | null | undefined {
  if (isTaken) return undefined;
  isTaken = true;
  const element = doc.getElementById(SESSION_BOOTSTRAP_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return undefined;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (value === null) return null;
    return isSession(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isSession(value: unknown): value is Session {
  const user = (value as { user?: Record<string, unknown> } | null)?.user;
  return Boolean(user) && typeof user!.id === 'string' && typeof user!.name === 'string' && typeof user!.email === 'string';
}

/** For tests: the next call reads the page again. */
export function resetBootstrappedSessionForTests(): void {
  isTaken = false;
}
