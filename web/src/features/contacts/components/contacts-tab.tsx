import { ADDRESS_BOOK_LIMITS, type ContactView, NETWORKS, type NetworkId, shortenAddress } from '@fincrypt/domain';
import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { useContacts } from '../api/get-contacts.ts';
import { ContactForm } from './contact-form.tsx';
import { DeleteContactButton } from './delete-contact-dialog.tsx';

function ContactRow({ contact }: { contact: ContactView }) {
  const [isEditing, setEditing] = useState(false);
  const network = NETWORKS[contact.network].label;
  if (isEditing) {
    return (
      <li className="py-4" data-testid="contact">
        <ContactForm contact={contact} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4" data-testid="contact">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all" data-testid="contact-name">
            {contact.name}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">{network}</span>
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
          <span className="font-mono" title={contact.address} data-testid="contact-address">
            {shortenAddress(contact.address)}
          </span>
          <CopyButton value={contact.address} label={`Copy ${contact.name}'s address`} successMessage="Address copied to clipboard" />
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="sm" aria-label={`Edit ${contact.name} (${network})`} onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="h-4 w-4" />
          <span>Edit</span>
        </Button>
        <DeleteContactButton contact={contact} />
      </div>
    </li>
  );
}

export interface ContactsTabProps {
  /** Opens the new-contact form with this recipient (from "Save as contact" after a payment). */
  initial?: { network: NetworkId; address: string };
}

/** Account Settings → Contacts: the saved recipients, each editable and deletable, and a form to add one. */
export function ContactsTab({ initial }: ContactsTabProps) {
  const contacts = useContacts();
  const [isAdding, setAdding] = useState(initial !== undefined);
  const count = contacts.data?.length ?? 0;
  const isFull = count >= ADDRESS_BOOK_LIMITS.perUser;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Contacts</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            People you pay, by name. A payment to a contact skips the first-payment warning; an address that imitates one is flagged.
          </p>
        </div>
        {!isAdding && (
          <Button size="sm" onClick={() => setAdding(true)} disabled={isFull}>
            <UserPlus aria-hidden className="h-4 w-4" />
            Add contact
          </Button>
        )}
      </div>
      {isFull && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{`You can save at most ${ADDRESS_BOOK_LIMITS.perUser} contacts`}</p>}

      {isAdding && (
        <div className="mt-4 rounded-md border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="mb-3 font-semibold">New contact</h3>
          <ContactForm initial={initial} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
        </div>
      )}

      {contacts.isPending ? (
        <p role="status" className="py-6 text-slate-600 dark:text-slate-300">
          Loading contacts...
        </p>
      ) : contacts.isError && !contacts.data ? (
        <Alert tone="error" className="mt-4">
          Could not load your contacts.
        </Alert>
      ) : contacts.data.length === 0 ? (
        <p className="py-6 text-slate-600 dark:text-slate-300">No contacts yet. Save the people you pay, here or after a payment.</p>
      ) : (
        <ul aria-label="Your contacts" className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {contacts.data.map((contact) => (
            <ContactRow key={contact.id} contact={contact} />
          ))}
        </ul>
      )}
    </div>
  );
}
