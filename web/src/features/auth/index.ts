/** The auth feature's public API: the session, sign-in, sign-up, sign-out and the route guards. */
export { type Session, type SessionUser, getSession, sessionQueryKey, useSession } from './api/get-session.ts';
export { useSignOut } from './api/sign-out.ts';
export { verifyTotp } from './api/two-factor.ts';
export { AuthCard } from './components/auth-card.tsx';
export { LoginForm } from './components/login-form.tsx';
export { PasskeySignIn } from './components/passkey-sign-in.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { RedirectIfSignedIn, RequireAuth } from './components/require-auth.tsx';
export { SecondFactorForm } from './components/second-factor-form.tsx';
export { useSessionSync } from './hooks/use-session-sync.ts';
