import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: string;
}

export interface Session {
  user: SessionUser;
  session: { id: string; expiresAt: string };
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

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: 1 });
}
