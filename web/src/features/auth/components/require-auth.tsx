import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/get-session.ts';
import { wasSignedOutOnPurpose } from '../api/sign-out.ts';

/** Guards the signed-in routes: 'Loading...' while the session loads, then /login when signed out. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <p role="status" className="py-24 text-center text-slate-500 dark:text-slate-400">
        Loading...
      </p>
    );
  }
  if (!session.data) {
    // A user who chose to sign out goes home; anyone else (expired, revoked, never signed in) to /login.
    if (wasSignedOutOnPurpose()) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}

/**
 * Where a signed-in /login sends the user: back where they were going (`state.from`, set by RequireAuth or a
 * "Sign in to pay" link) when it is a path of this site, else the dashboard.
 */
export function returnPathOf(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/dashboard';
}

/** /login (and /register) send a signed-in user back where they were going, else to the dashboard. */
export function RedirectIfSignedIn() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <p role="status" className="py-24 text-center text-slate-500 dark:text-slate-400">
        Loading...
      </p>
    );
  }
  if (session.data) return <Navigate to={returnPathOf(location.state)} replace />;
  return <Outlet />;
}
