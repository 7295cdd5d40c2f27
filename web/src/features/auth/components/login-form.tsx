import type { SignInInput } from '@fincrypt/domain';
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
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { useSignIn } from '../api/sign-in.ts';
import { messageFrom } from './error-message.ts';

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.signInSchema));

/** Email and password; calls back when the password was right but a second factor is needed. */
export function LoginForm({ onTwoFactorRequired }: { onTwoFactorRequired: () => void }) {
  const signIn = useSignIn();
  useSchemasOnFirstInteraction();
  const form = useForm<SignInInput>({ resolver, shouldFocusError: false, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  // Too many attempts: the server says how long to wait (Retry-After); the button waits that long.
  const wait = useRetryWait(signIn.error);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signIn.mutateAsync(values).catch(() => undefined);
    if (result?.status === 'two-factor-required') onTwoFactorRequired();
  });

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
      {signIn.isError && <Alert>{messageFrom(signIn.error, 'An error occurred during login')}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username webauthn" {...form.register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" className="w-full" isBusy={signIn.isPending} disabled={wait > 0}>
        Sign in
      </Button>
      <RetryWait seconds={wait} />
    </form>
  );
}
