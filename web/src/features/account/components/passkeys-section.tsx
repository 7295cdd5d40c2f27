import { type PasskeyNameFormInput, type PasskeySummary, formatDate } from '@fincrypt/domain';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { isPasskeyCeremonyAborted, passkeyErrorMessage } from '../../../lib/passkey-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { usePasskeys } from '../api/list-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { PasswordStep } from './password-step.tsx';

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.passkeyNameFormSchema));

/** The name, then the browser's own passkey dialog. */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  useSchemasOnFirstInteraction();
  const form = useForm<PasskeyNameFormInput>({ resolver, shouldFocusError: false, defaultValues: { name: '' } });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync(name.trim());
      toast.success('Passkey added');
      onDone();
    } catch {
      // Shown below from the mutation's error.
    }
  });

  return (
    <form ref={formRef} noValidate className="max-w-md space-y-3" onSubmit={(event) => void onSubmit(event)}>
      {add.isError && !isPasskeyCeremonyAborted(add.error) && <Alert>{passkeyErrorMessage(add.error)}</Alert>}
      <Field label="Passkey name" hint="So you can tell your passkeys apart, for example: Work laptop, or Phone." error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" autoFocus {...form.register('name')} />}
      </Field>
      <div className="flex gap-3">
        <Button type="submit" isBusy={add.isPending}>
          Create passkey
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, isTwoFactorEnabled }: { passkey: PasskeySummary; isTwoFactorEnabled: boolean }) {
  const remove = useRemovePasskey();
  const [isConfirming, setConfirming] = useState(false);
  const cancel = () => {
    remove.reset();
    setConfirming(false);
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-semibold">{passkey.name}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Created {formatDate(passkey.createdAt)} · Last used {passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : 'never'} ·{' '}
            {passkey.isSynced ? 'Synced' : 'This device only'}
          </p>
        </div>
        {!isConfirming && (
          <Button variant="outline" size="sm" aria-label={`Remove passkey ${passkey.name}`} onClick={() => setConfirming(true)}>
            Remove
          </Button>
        )}
      </div>
      {isConfirming && (
        <PasswordStep
          actionLabel="Remove passkey"
          asksForCode={isTwoFactorEnabled}
          isBusy={remove.isPending}
          error={remove.error}
          onCancel={cancel}
          onSubmit={async ({ password, code }) => {
            try {
              await remove.mutateAsync({ id: passkey.id, password, code });
              toast.success('Passkey removed');
            } catch {
              // Shown from the mutation's error.
            }
          }}
        />
      )}
    </li>
  );
}

/** Account Settings → Security: the account's passkeys (name, created, last used), adding one and removing one. */
export function PasskeysSection({ isTwoFactorEnabled }: { isTwoFactorEnabled: boolean }) {
  const passkeys = usePasskeys();
  const [isAdding, setAdding] = useState(false);
  const isSupported = browserSupportsWebAuthn();

  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h3 id="passkeys-heading" className="text-lg font-semibold">
        Passkeys
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey counts as both factors, so it skips the code step.
      </p>
      {passkeys.isPending && <Spinner label="Loading your passkeys" />}
      {passkeys.isError && <Alert>{passkeyErrorMessage(passkeys.error)}</Alert>}
      {passkeys.data?.length === 0 && <p className="text-slate-700 dark:text-slate-300">No passkeys yet.</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul aria-label="Your passkeys" className="space-y-3">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} isTwoFactorEnabled={isTwoFactorEnabled} />
          ))}
        </ul>
      )}
      {!isSupported && <Alert tone="warning">This browser cannot create passkeys.</Alert>}
      {isSupported && !isAdding && (
        <Button onClick={() => setAdding(true)}>
          <KeyRound aria-hidden className="h-4 w-4" />
          Add a passkey
        </Button>
      )}
      {isSupported && isAdding && <AddPasskeyForm onDone={() => setAdding(false)} />}
    </section>
  );
}
