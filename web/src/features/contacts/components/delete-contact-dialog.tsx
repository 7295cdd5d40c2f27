import { type ContactView, NETWORKS } from '@fincrypt/domain';
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { dialogContentClassName, dialogOverlayClassName } from '../../../components/ui/styles.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteContact } from '../api/delete-contact.ts';

/** 'Delete', confirmed in a dialog first. Payments already made to the address are not touched. */
export function DeleteContactButton({ contact }: { contact: ContactView }) {
  const [isOpen, setOpen] = useState(false);
  const remove = useDeleteContact();
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        aria-label={`Delete ${contact.name} (${NETWORKS[contact.network].label})`}
        className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'text-red-700 hover:text-red-800 dark:text-red-400' })}
      >
        <Trash2 aria-hidden className="h-4 w-4" />
        <span>Delete</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClassName} />
        <AlertDialog.Content className={dialogContentClassName}>
          <AlertDialog.Title className="text-lg font-semibold">Delete contact?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {`${contact.name} (${NETWORKS[contact.network].label}) leaves your contacts. Payments you made to the address stay in your history; a payment to it will again ask you to check the address.`}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClassName({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <Button
              variant="danger"
              isBusy={remove.isPending}
              onClick={() =>
                remove.mutate(contact, {
                  onSuccess: () => toast.success('Contact deleted'),
                  onError: () => toast.error('Failed to delete contact'),
                  onSettled: () => setOpen(false),
                })
              }
            >
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
