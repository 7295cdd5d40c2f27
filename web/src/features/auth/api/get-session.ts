import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { takeBootstrappedSession } from './session-bootstrap.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: string;
}

/** GET /api/auth/get-session's answer as the app reads it: the user (the page the server answers embeds only that). */
export interface Session {
  user: SessionUser;
}

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when nobody is signed in. */
export async function getSession(): Promise<Session | null> {
  try {
    const session = await apiFetch<Session | null>('/api/auth/get-session');
    return session ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

/** The session; at start-up the one the server wrote into the page, if any, so no request waits for it. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: 1, initialData: takeBootstrappedSession });
}
