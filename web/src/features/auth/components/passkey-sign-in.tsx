import { WebAuthnAbortService, browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isPasskeyCeremonyAborted, passkeyErrorMessage } from '../../../lib/passkey-error.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';

/**
 * "Sign in with a passkey", and the browser's passkey autofill in the email field (where it offers conditional
 * mediation): one request waits in the background from the moment the form shows; the button starts a new one.
 */
export function PasskeySignIn() {
  const signIn = useSignInWithPasskey();
  const { mutate } = signIn;
  const fromButton = signIn.variables?.useBrowserAutofill === false;

  useEffect(() => {
    let isMounted = true;
    void browserSupportsWebAuthnAutofill().then((isSupported) => {
      if (isSupported && isMounted) mutate({ useBrowserAutofill: true });
    });
    return () => {
      isMounted = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [mutate]);

  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="mt-4 space-y-3">
      <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-300 dark:before:bg-slate-700 dark:after:bg-slate-700">
        or
      </p>
      {signIn.isError && !isPasskeyCeremonyAborted(signIn.error) && <Alert>{passkeyErrorMessage(signIn.error)}</Alert>}
      <Button variant="outline" className="w-full" isBusy={signIn.isPending && fromButton} onClick={() => mutate({ useBrowserAutofill: false })}>
        <KeyRound aria-hidden className="h-4 w-4" />
        Sign in with a passkey
      </Button>
    </div>
  );
}
