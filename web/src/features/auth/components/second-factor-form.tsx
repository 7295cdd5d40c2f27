import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { useVerifySecondFactor } from '../api/two-factor.ts';
import { messageFrom } from './error-message.ts';

/** The second sign-in step: the 6-digit code from the authenticator app, or one backup code. */
export function SecondFactorForm({ onCancel }: { onCancel: () => void }) {
  const verify = useVerifySecondFactor();
  const [isBackupCode, setBackupCode] = useState(false);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string>();
  const hintId = useId();
  const wait = useRetryWait(verify.error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!isBackupCode && !/^\d{6}$/.test(trimmed)) {
      setFormatError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (isBackupCode && trimmed === '') {
      setFormatError('Enter one of your backup codes');
      return;
    }
    setFormatError(undefined);
    verify.mutate({ code: trimmed, isBackupCode });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
        {isBackupCode
          ? 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for FinCrypt.'}
      </p>
      {verify.isError && <Alert>{messageFrom(verify.error, 'Login failed')}</Alert>}
      <Field label={isBackupCode ? 'Backup code' : 'Authentication code'} error={formatError}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={isBackupCode ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={isBackupCode ? 32 : 6}
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full" isBusy={verify.isPending} disabled={wait > 0}>
        Verify
      </Button>
      <RetryWait seconds={wait} />
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          onClick={() => {
            setBackupCode((value) => !value);
            setCode('');
            setFormatError(undefined);
            verify.reset();
          }}
        >
          {isBackupCode ? 'Use an authentication code' : 'Use a backup code instead'}
        </button>
        <button type="button" className="text-slate-600 underline-offset-2 hover:underline dark:text-slate-300" onClick={onCancel}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
