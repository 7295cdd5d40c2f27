import { zodResolver } from '@hookform/resolvers/zod';
import { AVATAR_PRESETS, type ProfileUpdateInput, formatDate, profileUpdateSchema } from '@fincrypt/domain';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
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

/** View and edit mode of the Profile tab; edit mode is left by Cancel, a successful save, or a tab switch. */
export function ProfileTab({ account, isEditing, onEditingChange }: { account: Account; isEditing: boolean; onEditingChange: (editing: boolean) => void }) {
  const updateProfile = useUpdateProfile();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: account.name, email: account.email, avatar: account.avatar },
  });
  const { errors } = form.formState;

  // Entering or leaving edit mode starts from the saved profile, with no errors left over.
  useEffect(() => {
    form.reset({ name: account.name, email: account.email, avatar: account.avatar });
    setServerError(undefined);
  }, [isEditing, account, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await updateProfile.mutateAsync(values);
      toast.success('Profile updated successfully');
      onEditingChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setServerError(error.message);
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
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      {serverError && <Alert>{serverError}</Alert>}
      <Controller control={form.control} name="avatar" render={({ field }) => <AvatarPicker value={field.value} onChange={field.onChange} />} />
      <Field label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label="Joined">
        {(control) => <Input {...control} value={joined} readOnly aria-readonly />}
      </Field>
      <div className="flex gap-3">
        <Button type="submit" isBusy={updateProfile.isPending}>
          Save Changes
        </Button>
        <Button variant="outline" onClick={() => onEditingChange(false)} disabled={updateProfile.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
