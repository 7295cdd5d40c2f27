import { ACCOUNT_MESSAGES } from '@fincrypt/domain';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';

export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');

/** "Who are you?" before a change to how the account signs in: the password, and a code when asked. */
export function PasswordStep({ actionLabel, onSubmit, isBusy, error, onCancel, asksForCode = false }: {
  actionLabel: string;
  /** Runs the step; a failure it does not handle itself is shown from the mutation's error. */
  onSubmit: (proof: { password: string; code: string }) => Promise<void>;
  isBusy: boolean;
  error: unknown;
  onCancel: () => void;
  /** Also ask for a code from the authenticator app (or a backup code): turning 2FA off. */
  asksForCode?: boolean;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [isChecked, setChecked] = useState(false);
  const wait = useRetryWait(error);
  const passwordError = isChecked && password === '' ? ACCOUNT_MESSAGES.passwordRequired : undefined;
  const codeError = isChecked && asksForCode && code.trim() === '' ? ACCOUNT_MESSAGES.twoFactorCodeRequired : undefined;
  return (
    <form
      noValidate
      className="max-w-md space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (password !== '' && (!asksForCode || code.trim() !== '')) void onSubmit({ password, code: code.trim() });
      }}
    >
      {Boolean(error) && <Alert>{errorText(error)}</Alert>}
      <Field label="Confirm your password" error={passwordError}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
        )}
      </Field>
      {asksForCode && (
        <Field label="Authentication code" hint="The 6-digit code from your authenticator app, or one of your backup codes." error={codeError}>
          {(control) => (
            <Input {...control} autoComplete="one-time-code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} />
          )}
        </Field>
      )}
      <RetryWait seconds={wait} />
      <div className="flex gap-3">
        <Button type="submit" isBusy={isBusy} disabled={wait > 0}>
          {actionLabel}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

