import { ACCOUNT_MESSAGES, AVATAR_PRESETS, type ProfileUpdateInput, apiErrorFieldIn, formatDate, isDemoAccount } from '@fincrypt/domain';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import type { profileFormSchema } from '../../../lib/schemas.ts';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import type { Account } from '../api/get-account.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AVATAR_LABELS, Identicon } from './identicon.tsx';

function AvatarPicker({ value, onChange }: { value: ProfileUpdateInput['avatar']; onChange: (next: ProfileUpdateInput['avatar']) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Avatar</legend>
      <div role="radiogroup" aria-label="Avatar" className="mt-2 flex flex-wrap gap-3">
        {AVATAR_PRESETS.map((preset) => {
          const isChosen = preset === value;
          return (
            <button
              key={preset}
              type="button"
              role="radio"
              aria-checked={isChosen}
              aria-label={AVATAR_LABELS[preset]}
              onClick={() => onChange(preset)}
              className={cn(
                'rounded-lg p-1 ring-2 transition',
                isChosen ? 'ring-indigo-600 dark:ring-indigo-400' : 'ring-transparent hover:ring-slate-300 dark:hover:ring-slate-600',
              )}
            >
              <Identicon preset={preset} size={44} />
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The form's own schema (lib/schemas.ts): the password and code are asked for only when the email changes (checked on submit). */
type ProfileFormInput = z.input<typeof profileFormSchema>;
const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.profileFormSchema));

/** The fields a refusal of the server belongs to (the others show in the banner above the form). */
const CONFIRMATION_FIELDS = ['currentPassword', 'code'] as const;

/**
 * View and edit mode of the Profile tab; edit mode is left by Cancel, a successful save, or a tab switch.
 * A new email asks who you are: the current password, and a code when two-factor authentication is on.
 */
export function ProfileTab({ account, isEditing, onEditingChange }: { account: Account; isEditing: boolean; onEditingChange: (editing: boolean) => void }) {
  const updateProfile = useUpdateProfile();
  const [serverError, setServerError] = useState<string>();
  useSchemasOnFirstInteraction();
  const form = useForm<ProfileFormInput>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: { name: account.name, email: account.email, avatar: account.avatar, currentPassword: '', code: '' },
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const isEmailChanging = (form.watch('email') ?? '').trim().toLowerCase() !== account.email;
  // A shared demo account's email is its published sign-in: shown, not editable (name and avatar are).
  const isDemo = isDemoAccount(account.email);
  const wait = useRetryWait(updateProfile.error);

  // Entering or leaving edit mode starts from the saved profile, with no errors left over.
  useEffect(() => {
    form.reset({ name: account.name, email: account.email, avatar: account.avatar, currentPassword: '', code: '' });
    setServerError(undefined);
  }, [isEditing, account, form]);

  const onSubmit = form.handleSubmit(async ({ name, email, avatar, currentPassword, code }) => {
    const update: ProfileUpdateInput = { name, email, avatar };
    if (isEmailChanging) {
      if (!currentPassword) form.setError('currentPassword', { message: ACCOUNT_MESSAGES.currentPasswordToChangeEmail });
      if (account.twoFactorEnabled && !code?.trim()) form.setError('code', { message: ACCOUNT_MESSAGES.twoFactorCodeRequired });
      if (!currentPassword || (account.twoFactorEnabled && !code?.trim())) return;
      update.currentPassword = currentPassword;
      if (account.twoFactorEnabled) update.code = code?.trim();
    }
    setServerError(undefined);
    try {
      await updateProfile.mutateAsync(update);
      toast.success('Profile updated successfully');
      onEditingChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        // A wrong password or code belongs to its field; a taken email or a wait shows above the form.
        const field = error.code === 'INVALID_PASSWORD' ? 'currentPassword' : apiErrorFieldIn(error.code, CONFIRMATION_FIELDS);
        if (field) form.setError(field, { message: error.message });
        else if (error.status === 409 || error.status === 429) setServerError(error.message);
      }
      toast.error('Failed to update profile');
    }
  });

  const joined = formatDate(account.createdAt);

  if (!isEditing) {
    return (
      <div className="space-y-6">
        <div className="flex items-center gap-4">
          <Identicon preset={account.avatar} size={72} />
          <div>
            <p className="text-lg font-semibold">{account.name}</p>
            <p className="text-slate-600 dark:text-slate-300">{account.email}</p>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Full name</dt>
            <dd className="font-medium">{account.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Email</dt>
            <dd className="font-medium break-all">{account.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">Joined</dt>
            <dd className="font-medium">{joined}</dd>
          </div>
        </dl>
        <Button onClick={() => onEditingChange(true)}>Edit Profile</Button>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}
      <AvatarPicker value={form.watch('avatar')} onChange={(avatar) => form.setValue('avatar', avatar, { shouldValidate: form.formState.isSubmitted })} />
      <Field label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message} hint={isDemo ? ACCOUNT_MESSAGES.demoSignInFixed : undefined}>
        {(control) => <Input {...control} type="email" autoComplete="email" readOnly={isDemo} {...form.register('email')} />}
      </Field>
      {isEmailChanging && (
        <div className="space-y-5 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <p className="text-sm text-slate-700 dark:text-slate-300">To change your email, confirm it is you.</p>
          <Field label="Current password" error={errors.currentPassword?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
          </Field>
          {account.twoFactorEnabled && (
            <Field
              label="Authentication code"
              hint="The 6-digit code from your authenticator app, or one of your backup codes."
              error={errors.code?.message}
            >
              {(control) => <Input {...control} autoComplete="one-time-code" maxLength={32} {...form.register('code')} />}
            </Field>
          )}
        </div>
      )}
      {/* Joined is a fact, not a field: plain text with no box and no tab stop, so it can't look editable. */}
      <dl data-testid="profile-joined">
        <dt className="text-sm font-medium text-slate-800 dark:text-slate-200">Joined</dt>
        <dd className="mt-1.5 text-slate-700 dark:text-slate-300">
          {joined} <span className="text-sm text-slate-600 dark:text-slate-400">(set when you registered; it can't be changed)</span>
        </dd>
      </dl>
      <div className="flex gap-3">
        <Button type="submit" isBusy={updateProfile.isPending} disabled={wait > 0}>
          Save Changes
        </Button>
        <Button variant="outline" onClick={() => onEditingChange(false)} disabled={updateProfile.isPending}>
          Cancel
        </Button>
      </div>
      <RetryWait seconds={wait} />
    </form>
  );
}
