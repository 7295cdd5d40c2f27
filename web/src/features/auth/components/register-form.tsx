import type { SignUpFormInput } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useSignUp } from '../api/sign-up.ts';
import { messageFrom } from './error-message.ts';

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signUpFormSchema));

export function RegisterForm() {
  const signUp = useSignUp();
  useSchemasOnFirstInteraction();
  const form = useForm<SignUpFormInput>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    await signUp.mutateAsync({ name, email, password }).catch(() => undefined);
  });

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      {signUp.isError && <Alert>{messageFrom(signUp.error, 'Sign-up failed. Please try again.')}</Alert>}
      <Field label="Full name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label="Password" hint="At least 8 characters." error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
      </Field>
      <Button type="submit" className="w-full" isBusy={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
