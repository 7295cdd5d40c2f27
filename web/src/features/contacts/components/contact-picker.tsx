import { NETWORKS, type NetworkId, shortenAddress } from '@fincrypt/domain';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useContacts } from '../api/get-contacts.ts';
import { contactsOn, findContact } from '../contact-lookup.ts';

export interface ContactPickerProps {
  /** The network of the wallet paying: only its contacts are offered. */
  network: NetworkId | undefined;
  /** The recipient in the form now: the contact it is, if any, is the one shown chosen. */
  recipient: string;
  onPick: (address: string) => void;
}

/**
 * The send form's "Pay a contact": the contacts on the paying wallet's network, by name; choosing one fills
 * the recipient. Says which contact the recipient is when it is one. Nothing shows without contacts there.
 */
export function ContactPicker({ network, recipient, onPick }: ContactPickerProps) {
  const contacts = useContacts();
  const available = contactsOn(contacts.data, network);
  const current = findContact(contacts.data, network, recipient);
  if (network === undefined || available.length === 0) return null;
  return (
    <Field label="Pay a contact" hint={current ? `Paying your contact ${current.name}` : undefined}>
      {(control) => (
        <Select
          {...control}
          value={current?.id ?? ''}
          onChange={(event) => {
            const chosen = available.find((contact) => contact.id === event.target.value);
            if (chosen) onPick(chosen.address);
          }}
        >
          <option value="">{`Choose one of your ${NETWORKS[network].label} contacts`}</option>
          {available.map((contact) => (
            <option key={contact.id} value={contact.id}>
              {`${contact.name} (${shortenAddress(contact.address)})`}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
