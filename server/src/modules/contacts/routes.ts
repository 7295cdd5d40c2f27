import {
  API_ERRORS,
  ADDRESS_BOOK_LIMITS,
  type ContactView,
  contactListSchema,
  contactViewSchema,
  createContactSchema,
  type NetworkId,
  updateContactSchema,
  validateRecipient,
} from '@fincrypt/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { createContact, deleteContact, findContact, findContactByAddress, listContacts, toContactView, updateContact } from './repo.ts';

const errorResponseSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const idParams = z.object({ id: z.string().max(64) });

const contactNotFound = () => new AppError('CONTACT_NOT_FOUND', API_ERRORS.CONTACT_NOT_FOUND.messages.notFound);
const contactExists = (name: string) => new AppError('CONTACT_EXISTS', API_ERRORS.CONTACT_EXISTS.messages.exists(name));

/** The address in canonical form when it is one of the network's, else INVALID_RECIPIENT. */
function canonicalAddress(network: NetworkId, address: string): string {
  const valid = validateRecipient(network, address);
  if (!valid.ok) throw new AppError('INVALID_RECIPIENT', valid.message);
  return valid.address;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (('code' in error && error.code === '23505') || ('cause' in error && isUniqueViolation(error.cause)));

export interface ContactsRoutesOptions {
  db: Db;
  /** Contacts per user (ADDRESS_BOOK_LIMITS.perUser unless a test says otherwise). */
  maxPerUser?: number;
}

/** Contacts (docs/product.md#contacts): the signed-in user's own saved recipients, one network each. */
export const contactsRoutes: FastifyPluginAsyncZod<ContactsRoutesOptions> = async (app, { db, maxPerUser = ADDRESS_BOOK_LIMITS.perUser }) => {
  // onRequest, before body validation: a signed-out caller gets 401 whatever it sends.
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Your contacts, by name (ignoring case), then network',
        response: { 200: contactListSchema },
      },
    },
    async (request) => ({ contacts: (await listContacts(db, request.user.id)).map(toContactView) }),
  );

  app.post(
    '/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: `Save a recipient with a name: the address must be one of the network's (kept in canonical form), once per network; at most ${ADDRESS_BOOK_LIMITS.perUser} contacts`,
        body: createContactSchema,
        response: { 201: contactViewSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { network, name } = request.body;
      const address = canonicalAddress(network, request.body.address);
      let result: Awaited<ReturnType<typeof createContact>>;
      try {
        result = await createContact(db, { userId: request.user.id, network, address, name }, maxPerUser);
      } catch (error) {
        // Two saves of one address racing past the check: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        const existing = await findContactByAddress(db, request.user.id, network, address);
        throw contactExists(existing?.name ?? name);
      }
      if (result.outcome === 'exists') throw contactExists(result.existing.name);
      if (result.outcome === 'limit_reached') {
        throw new AppError('CONTACT_LIMIT_REACHED', API_ERRORS.CONTACT_LIMIT_REACHED.messages.limitReached(maxPerUser));
      }
      return reply.status(201).send(toContactView(result.row));
    },
  );

  app.patch(
    '/contacts/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Rename a contact, or give it a new address on the same network',
        params: idParams,
        body: updateContactSchema,
        response: { 200: contactViewSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request): Promise<ContactView> => {
      const { id } = request.params;
      if (!isUuid(id)) throw contactNotFound();
      const current = await findContact(db, request.user.id, id);
      if (!current) throw contactNotFound();
      const network = current.network as NetworkId;
      const address = request.body.address === undefined ? undefined : canonicalAddress(network, request.body.address);
      if (address !== undefined && address !== current.address) {
        const existing = await findContactByAddress(db, request.user.id, network, address);
        if (existing) throw contactExists(existing.name);
      }
      try {
        const updated = await updateContact(db, request.user.id, id, { name: request.body.name, address });
        if (!updated) throw contactNotFound();
        return toContactView(updated);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const existing = address === undefined ? undefined : await findContactByAddress(db, request.user.id, network, address);
        throw contactExists(existing?.name ?? request.body.name ?? current.name);
      }
    },
  );

  app.delete(
    '/contacts/:id',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Delete a contact (payments already made to it are not touched)',
        params: idParams,
        response: { 204: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id) || !(await deleteContact(db, request.user.id, id))) throw contactNotFound();
      return reply.status(204).send(null);
    },
  );
};
