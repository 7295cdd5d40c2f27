import { z } from 'zod';
import { ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES } from './address-book.ts';
import { networkIdSchema } from './networks-schemas.ts';
import { SEND_LIMITS } from './send.ts';

/** The address book's routes and form (address-book.ts has its rules and messages). */

const contactName = z
  .string({ error: ADDRESS_BOOK_MESSAGES.nameRequired })
  .trim()
  .min(1, ADDRESS_BOOK_MESSAGES.nameRequired)
  .max(ADDRESS_BOOK_LIMITS.nameChars, ADDRESS_BOOK_MESSAGES.nameTooLong);
const contactAddress = z
  .string({ error: ADDRESS_BOOK_MESSAGES.enterAddress })
  .trim()
  .min(1, ADDRESS_BOOK_MESSAGES.enterAddress)
  .max(SEND_LIMITS.recipientChars, 'Invalid recipient address');

/** `POST /api/contacts`. The address is checked against the network (INVALID_RECIPIENT when it is not one of its). */
export const createContactSchema = z.object({ network: networkIdSchema, address: contactAddress, name: contactName });
export type CreateContactInput = z.input<typeof createContactSchema>;

/** `PATCH /api/contacts/:id`: a new name, a new address on the same network, or both. */
export const updateContactSchema = z
  .object({ address: contactAddress.optional(), name: contactName.optional() })
  .refine((body) => body.address !== undefined || body.name !== undefined, 'Nothing to change: send a name or an address');
export type UpdateContactInput = z.input<typeof updateContactSchema>;

export const contactViewSchema = z.object({
  id: z.uuid(),
  network: networkIdSchema,
  /** Canonical form. */
  address: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContactView = z.infer<typeof contactViewSchema>;

/** `GET /api/contacts`: by name (case-insensitive), then network. */
export const contactListSchema = z.object({ contacts: z.array(contactViewSchema) });
