import { type ContactView, NETWORKS, NETWORK_IDS, type NetworkId, type createContactSchema, validateRecipient } from '@fincrypt/domain';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateContact } from '../api/create-contact.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import { contactErrorField, contactErrorMessage } from '../contact-form-errors.ts';

type ContactFormInput = z.input<typeof createContactSchema>;
type ContactFormValues = z.output<typeof createContactSchema>;

const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.createContactSchema));

export interface ContactFormProps {
  /** The contact to edit; without it the form saves a new one. */
  contact?: ContactView;
  /** A new contact's network and address to start from (a recipient just paid, say). */
  initial?: { network?: NetworkId; address?: string };
  /** The network and address are given (saving the recipient of a payment): only the name is asked for. */
  isAddressFixed?: boolean;
  onDone: (contact: ContactView) => void;
  onCancel: () => void;
}

/**
 * Saves a contact or edits one: a name, a network (fixed once saved) and an address checked against that
 * network. The server's refusals show at their field ('This address is already saved as Ana').
 */
export function ContactForm({ contact, initial, isAddressFixed = false, onDone, onCancel }: ContactFormProps) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const [banner, setBanner] = useState<string>();
  useSchemasOnFirstInteraction();
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: {
      name: contact?.name ?? '',
      network: contact?.network ?? initial?.network ?? 'eth_sepolia',
      address: contact?.address ?? initial?.address ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const network = form.watch('network');
  const isNetworkFixed = contact !== undefined || isAddressFixed;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(undefined);
    const valid = validateRecipient(values.network, values.address);
    if (!valid.ok) {
      form.setError('address', { message: valid.message });
      return;
    }
    try {
      const saved = contact
        ? await update.mutateAsync({ id: contact.id, change: { name: values.name, ...(valid.address === contact.address ? {} : { address: valid.address }) } })
        : await create.mutateAsync({ network: values.network, address: valid.address, name: values.name });
      toast.success(contact ? 'Contact updated' : 'Contact saved');
      onDone(saved);
    } catch (error) {
      const field = contactErrorField(error);
      const message = contactErrorMessage(error);
      if (field) form.setError(field, { message });
      else setBanner(message);
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.stopPropagation();
        void onSubmit(event);
      }}
      noValidate
      className="space-y-4"
      aria-label={contact ? `Edit ${contact.name}` : 'New contact'}
    >
      {banner && <Alert>{banner}</Alert>}
      <Field label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="off" maxLength={200} {...form.register('name')} />}
      </Field>
      {isNetworkFixed ? (
        <div>
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Network</p>
          <p data-testid="contact-form-network">{NETWORKS[network].label}</p>
        </div>
      ) : (
        <Field label="Network" error={errors.network?.message}>
          {(control) => (
            <Select
              {...control}
              name="network"
              value={network}
              onChange={(event) => {
                const next = NETWORK_IDS.find((id) => id === event.target.value);
                if (next) form.setValue('network', next, { shouldValidate: form.formState.isSubmitted });
              }}
            >
              {NETWORK_IDS.map((id) => (
                <option key={id} value={id}>
                  {NETWORKS[id].label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field label="Address" error={errors.address?.message}>
        {(control) => (
          <Input
            {...control}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            readOnly={isAddressFixed}
            placeholder={NETWORKS[network].family === 'solana' ? 'Solana address' : '0x…'}
            {...form.register('address')}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isSubmitting}>
          {contact ? 'Save changes' : 'Save contact'}
        </Button>
      </div>
    </form>
  );
}
