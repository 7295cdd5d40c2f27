import {
  CONTACT_SUBJECTS,
  CONTACT_SUBJECT_LABELS,
  type ContactMessage,
  type ContactMessageInput,
} from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { Select } from '../../../components/ui/select.tsx';
import { RetryWait } from '../../../components/ui/retry-wait.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useRetryWait } from '../../../lib/use-retry-wait.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.contactMessageSchema));

/** The contact form, validated by the same schema as the server's /api/contact route. */
export function ContactForm() {
  const sendMessage = useSendContactMessage();
  useSchemasOnFirstInteraction();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    // The subject starts on the empty 'Select a subject' option, so it has no default value.
    defaultValues: { name: '', email: '', message: '' },
  });
  const formRef = useFocusFirstInvalid(submitCount, errors);

  const onSubmit = handleSubmit((message) => sendMessage.mutate(message, { onSuccess: () => reset() }));
  // Too many messages from this address: the form keeps what was typed and waits as long as the server says.
  const wait = useRetryWait(sendMessage.error);

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      {wait > 0 && sendMessage.error && <Alert>{sendMessage.error.message}</Alert>}
      <Field label="Full Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoComplete="name" />}
      </Field>
      <Field label="Email Address" error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Subject" error={errors.subject?.message}>
        {(control) => (
          <Select {...control} {...register('subject')} defaultValue="">
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(control) => <Textarea {...control} {...register('message')} rows={6} />}
      </Field>
      <Button type="submit" size="lg" isBusy={sendMessage.isPending} disabled={wait > 0} className="w-full sm:w-auto">
        {sendMessage.isPending ? 'Sending...' : 'Send Message'}
      </Button>
      <RetryWait seconds={wait} />
    </form>
  );
}
