import { type NetworkId, NETWORKS } from '@fincrypt/domain';
import { BookUser } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { dialogContentClassName, dialogOverlayClassName } from '../../../components/ui/styles.ts';
import { useContacts } from '../api/get-contacts.ts';
import { findContact } from '../contact-lookup.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * "Save as contact" for a recipient: a dialog asks only for the name (the network and address are the
 * payment's). Once saved, or when it already is a contact, it says under which name.
 */
export function SaveContactButton({ network, address, className }: { network: NetworkId; address: string; className?: string }) {
  const contacts = useContacts();
  const [isOpen, setOpen] = useState(false);
  const saved = findContact(contacts.data, network, address);
  if (saved) {
    return (
      <p className="text-sm font-medium" data-testid="saved-contact">
        {`Saved as ${saved.name}`}
      </p>
    );
  }
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClassName({ variant: 'outline', size: 'sm', className })}>
        <BookUser aria-hidden className="h-4 w-4" />
        Save as contact
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClassName} />
        <Dialog.Content className={dialogContentClassName}>
          <Dialog.Title className="text-lg font-semibold">Save as contact</Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-300">
            {`Name this ${NETWORKS[network].label} address. Payments to a contact skip the first-payment warning.`}
          </Dialog.Description>
          <ContactForm initial={{ network, address }} isAddressFixed onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
