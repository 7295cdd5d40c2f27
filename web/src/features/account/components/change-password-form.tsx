import type { ChangePasswordFormInput } from '@fincrypt/domain';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.changePasswordFormSchema));

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  useSchemasOnFirstInteraction();
  const form = useForm<ChangePasswordFormInput>({ resolver, shouldFocusError: false, defaultValues: EMPTY });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      toast.success('Password changed successfully');
      form.reset(EMPTY);
    } catch (error) {
      // The server checks the current password: show its answer on that field.
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { message: error.message });
      }
      toast.error('Failed to change password');
    }
  });

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="max-w-md space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h3>
      <Field label="Current password" error={errors.currentPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
      </Field>
      <Field label="New password" hint="At least 8 characters. Other devices will be signed out." error={errors.newPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
      </Field>
      <Button type="submit" isBusy={changePassword.isPending}>
        Update Password
      </Button>
    </form>
  );
}
