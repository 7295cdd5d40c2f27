import { Copy, Download } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { copyToClipboard } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { downloadText } from '../../../lib/download-text.ts';
import { PasswordStep, errorText } from './password-step.tsx';
import {
  type TwoFactorSetup,
  useConfirmTwoFactorSetup,
  useDisableTwoFactor,
  useStartTwoFactorSetup,
} from '../api/two-factor-setup.ts';

function ScanStep({ setup, onDone, onCancel }: { setup: TwoFactorSetup; onDone: () => void; onCancel: () => void }) {
  const confirm = useConfirmTwoFactorSetup();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string>();
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? '';

  async function verify() {
    if (!/^\d{6}$/.test(code.trim())) {
      setFormatError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setFormatError(undefined);
    try {
      await confirm.mutateAsync(code.trim());
      toast.success('Two-factor authentication enabled');
      onDone();
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <div className="space-y-4">
      <p>Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Authy), then enter the 6-digit code it shows.</p>
      <div className="inline-block rounded-lg bg-white p-3">
        <QRCodeSVG value={setup.totpURI} size={180} level="M" title="QR code for your authenticator app" />
      </div>
      <p className="text-sm">
        Can&apos;t scan? Enter this key instead: <code data-testid="totp-secret" className="break-all font-semibold">{secret}</code>
      </p>
      <form
        noValidate
        className="max-w-xs space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        {confirm.isError && <Alert>{errorText(confirm.error)}</Alert>}
        <Field label="Verification code" error={formatError}>
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
          )}
        </Field>
        <div className="flex gap-3">
          <Button type="submit" isBusy={confirm.isPending}>
            Verify and enable
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

export const BACKUP_CODES_FILE_NAME = 'fincrypt-backup-codes.txt';

/** The text file of backup codes: what they are, when they were made, one code a line. */
export function backupCodesText(codes: readonly string[], createdAt = new Date()): string {
  return [
    'FinCrypt backup codes',
    'Each code signs you in once, instead of a code from your authenticator app. Keep them somewhere safe.',
    `Created ${createdAt.toISOString().slice(0, 10)}`,
    '',
    ...codes,
    '',
  ].join('\n');
}

function BackupCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <div className="space-y-3">
      <Alert tone="warning">
        Save these backup codes somewhere safe. Each one signs you in once if you lose your authenticator. They will not be shown again.
      </Alert>
      <ul aria-label="Backup codes" className="grid max-w-md grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void copyToClipboard(codes.join('\n'), 'Backup codes copied to clipboard')}>
          <Copy aria-hidden className="h-4 w-4" />
          Copy codes
        </Button>
        <Button variant="outline" onClick={() => downloadText(BACKUP_CODES_FILE_NAME, backupCodesText(codes))}>
          <Download aria-hidden className="h-4 w-4" />
          Download .txt
        </Button>
      </div>
      <Button onClick={onClose}>I have saved my backup codes</Button>
    </div>
  );
}

type Step = { name: 'idle' } | { name: 'enable-password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'backup-codes'; codes: string[] } | { name: 'disable-password' };

/** Turning two-factor sign-in on (password → QR and key → first code → backup codes, shown once) and off. */
export function TwoFactorSection({ isEnabled }: { isEnabled: boolean }) {
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const reset = () => {
    start.reset();
    disable.reset();
    setStep({ name: 'idle' });
  };

  return (
    <section aria-labelledby="two-factor-heading" className="space-y-3">
      <h3 id="two-factor-heading" className="text-lg font-semibold">
        Two-factor authentication
      </h3>
      <p className="text-slate-700 dark:text-slate-300">
        Status: <strong>{isEnabled || step.name === 'backup-codes' ? 'Enabled' : 'Disabled'}</strong>
      </p>
      {step.name === 'idle' &&
        (isEnabled ? (
          <Button variant="danger" onClick={() => setStep({ name: 'disable-password' })}>
            Disable 2FA
          </Button>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">Add a code from an authenticator app to every sign-in.</p>
            <Button onClick={() => setStep({ name: 'enable-password' })}>Enable 2FA</Button>
          </>
        ))}
      {step.name === 'enable-password' && (
        <PasswordStep
          actionLabel="Continue"
          isBusy={start.isPending}
          error={start.error}
          onCancel={reset}
          onSubmit={async ({ password }) => {
            const setup = await start.mutateAsync(password).catch(() => undefined);
            if (setup) setStep({ name: 'scan', setup });
          }}
        />
      )}
      {step.name === 'scan' && <ScanStep setup={step.setup} onCancel={reset} onDone={() => setStep({ name: 'backup-codes', codes: step.setup.backupCodes })} />}
      {step.name === 'backup-codes' && <BackupCodes codes={step.codes} onClose={reset} />}
      {step.name === 'disable-password' && (
        <PasswordStep
          actionLabel="Disable 2FA"
          asksForCode
          isBusy={disable.isPending}
          error={disable.error}
          onCancel={reset}
          onSubmit={async (proof) => {
            try {
              await disable.mutateAsync(proof);
              toast.success('Two-factor authentication disabled');
              reset();
            } catch {
              // Shown from the mutation's error.
            }
          }}
        />
      )}
    </section>
  );
}
