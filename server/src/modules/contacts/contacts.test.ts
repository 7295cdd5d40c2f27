import { randomUUID } from 'node:crypto';
import { ADDRESS_BOOK_LIMITS, ADDRESS_BOOK_MESSAGES, API_ERRORS, type ContactView, FRAUD_REASONS, contactListSchema, contactViewSchema, toChecksumAddress } from '@fincrypt/domain';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contacts } from '../../db/schema.ts';
import { type TestUser, call, signUp } from '../../test/auth-client.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { fundedUser } from '../../test/chain-steps.ts';
import { useTestApp } from '../../test/test-app.ts';
import { describeEachDatabase } from '../../test/test-database.ts';

describeEachDatabase('contacts API', (kind) => {
  const ctx = useTestApp(kind);

  const create = (user: TestUser, body: unknown) => call(ctx.app, 'POST', '/api/contacts', { cookie: user.cookie, body });
  const update = (user: TestUser, id: string, body: unknown) => call(ctx.app, 'PATCH', `/api/contacts/${id}`, { cookie: user.cookie, body });
  const remove = (user: TestUser, id: string) => call(ctx.app, 'DELETE', `/api/contacts/${id}`, { cookie: user.cookie });
  const list = async (user: TestUser): Promise<ContactView[]> => {
    const response = await call(ctx.app, 'GET', '/api/contacts', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    return contactListSchema.parse(response.json()).contacts;
  };
  const saved = async (user: TestUser, body: Record<string, unknown>): Promise<ContactView> => {
    const response = await create(user, body);
    expect(response.statusCode, response.body).toBe(201);
    return contactViewSchema.parse(response.json());
  };
  const stored = async (userId: string) =>
    (await ctx.database.db.select({ total: count() }).from(contacts).where(eq(contacts.userId, userId)))[0]!.total;

  it('answers 401 on every contacts route signed out or with a forged cookie', async () => {
    const id = randomUUID();
    const routes = [
      ['GET', '/api/contacts', undefined],
      ['POST', '/api/contacts', { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: 'Ana' }],
      ['PATCH', `/api/contacts/${id}`, { name: 'Ana' }],
      ['DELETE', `/api/contacts/${id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(ctx.app, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(ctx.app, method, url, { body, cookie: 'fincrypt.session_token=forged.value' })).statusCode).toBe(401);
    }
  });

  it('saves, lists by name, renames, moves and deletes a contact, keeping addresses canonical', async () => {
    const user = await signUp(ctx.app);
    const evm = externalAddress('eth_sepolia');
    const sol = externalAddress('solana_devnet');
    // Typed in lower case with spaces around it: kept in EIP-55 form.
    const ana = await saved(user, { network: 'eth_sepolia', address: `  ${evm.toLowerCase()} `, name: '  Ana Silva ' });
    expect(ana).toMatchObject({ network: 'eth_sepolia', address: toChecksumAddress(evm), name: 'Ana Silva' });
    const bruno = await saved(user, { network: 'solana_devnet', address: sol, name: 'bruno' });
    // The same address on another network is another contact.
    const anaPolygon = await saved(user, { network: 'polygon_amoy', address: evm, name: 'Ana Silva' });
    expect((await list(user)).map((contact) => [contact.name, contact.network])).toEqual([
      ['Ana Silva', 'eth_sepolia'],
      ['Ana Silva', 'polygon_amoy'],
      ['bruno', 'solana_devnet'],
    ]);

    const renamed = await update(user, ana.id, { name: 'Ana (Lisbon)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: ana.id, name: 'Ana (Lisbon)', address: ana.address, network: 'eth_sepolia' });
    expect(Date.parse(renamed.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(ana.updatedAt));

    const next = externalAddress('eth_sepolia');
    const moved = await update(user, ana.id, { address: next.toLowerCase() });
    expect(moved.json()).toMatchObject({ name: 'Ana (Lisbon)', address: toChecksumAddress(next) });
    // Saving the same address again (another case) changes nothing and is no conflict.
    expect((await update(user, ana.id, { address: next.toUpperCase().replace('0X', '0x'), name: 'Ana' })).json()).toMatchObject({ name: 'Ana', address: toChecksumAddress(next) });

    expect((await remove(user, bruno.id)).statusCode).toBe(204);
    expect((await remove(user, bruno.id)).statusCode).toBe(404);
    expect((await list(user)).map((contact) => contact.id)).toEqual([ana.id, anaPolygon.id]);
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const user = await signUp(ctx.app);
    const evm = externalAddress('eth_sepolia');
    const ana = await saved(user, { network: 'eth_sepolia', address: evm, name: 'Ana' });
    const sol = externalAddress('solana_devnet');
    const refusals: [unknown, number, string, string][] = [
      [{ network: 'eth_sepolia', address: evm, name: '' }, 400, 'VALIDATION_ERROR', ADDRESS_BOOK_MESSAGES.nameRequired],
      [{ network: 'eth_sepolia', address: evm, name: '   ' }, 400, 'VALIDATION_ERROR', ADDRESS_BOOK_MESSAGES.nameRequired],
      [{ network: 'eth_sepolia', address: evm, name: 'x'.repeat(ADDRESS_BOOK_LIMITS.nameChars + 1) }, 400, 'VALIDATION_ERROR', ADDRESS_BOOK_MESSAGES.nameTooLong],
      [{ network: 'eth_sepolia', address: '', name: 'Ana' }, 400, 'VALIDATION_ERROR', ADDRESS_BOOK_MESSAGES.enterAddress],
      [{ network: 'eth_sepolia', name: 'Ana' }, 400, 'VALIDATION_ERROR', ADDRESS_BOOK_MESSAGES.enterAddress],
      // A Solana address on an EVM network, an EVM address on Solana, a broken checksum, garbage.
      [{ network: 'eth_sepolia', address: sol, name: 'Sol' }, 400, 'INVALID_RECIPIENT', API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient],
      [{ network: 'solana_devnet', address: evm, name: 'Evm' }, 400, 'INVALID_RECIPIENT', API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient],
      [{ network: 'eth_sepolia', address: `0x${'g'.repeat(40)}`, name: 'G' }, 400, 'INVALID_RECIPIENT', API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient],
      [{ network: 'eth_sepolia', address: 'x'.repeat(500), name: 'Long' }, 400, 'VALIDATION_ERROR', 'Invalid recipient address'],
      // The same address, typed in another case: already saved.
      [{ network: 'eth_sepolia', address: evm.toLowerCase(), name: 'Again' }, 409, 'CONTACT_EXISTS', 'This address is already saved as Ana'],
    ];
    for (const [body, status, code, message] of refusals) {
      const response = await create(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toEqual({ code, message });
    }
    const network = await create(user, { network: 'bitcoin', address: evm, name: 'B' });
    expect(network.statusCode).toBe(400);
    expect(await stored(user.id)).toBe(1);

    const other = await saved(user, { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: 'Other' });
    for (const [body, status, code] of [
      [{}, 400, 'VALIDATION_ERROR'],
      [{ name: '' }, 400, 'VALIDATION_ERROR'],
      [{ address: sol }, 400, 'INVALID_RECIPIENT'],
      [{ address: ana.address.toLowerCase(), name: 'Stolen' }, 409, 'CONTACT_EXISTS'],
    ] as const) {
      const response = await update(user, other.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    expect((await list(user)).find((contact) => contact.id === other.id)).toEqual(other);
    for (const id of ['not-a-uuid', randomUUID()]) {
      expect((await update(user, id, { name: 'X' })).json().error).toEqual({ code: 'CONTACT_NOT_FOUND', message: API_ERRORS.CONTACT_NOT_FOUND.messages.notFound });
      expect((await remove(user, id)).statusCode).toBe(404);
    }
  });

  it('keeps contacts per user: another user neither sees, changes nor deletes them, and may save the same address', async () => {
    const owner = await signUp(ctx.app);
    const intruder = await signUp(ctx.app);
    const address = externalAddress('polygon_amoy');
    const contact = await saved(owner, { network: 'polygon_amoy', address, name: 'Landlord' });
    expect(await list(intruder)).toEqual([]);
    for (const response of [await update(intruder, contact.id, { name: 'Mine now' }), await update(intruder, contact.id, { address: externalAddress('polygon_amoy') }), await remove(intruder, contact.id)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('CONTACT_NOT_FOUND');
      expect(response.body).not.toContain(address);
    }
    expect(await list(owner)).toEqual([contact]);
    // The intruder's own copy of the address is theirs, and does not reveal the owner's name for it.
    const own = await create(intruder, { network: 'polygon_amoy', address, name: 'Someone' });
    expect(own.statusCode).toBe(201);
    expect(own.body).not.toContain('Landlord');
    expect(await list(owner)).toEqual([contact]);
  });

  it(`holds at most ${ADDRESS_BOOK_LIMITS.perUser} contacts per user, even when saves race`, async () => {
    const user = await signUp(ctx.app);
    const rows = Array.from({ length: ADDRESS_BOOK_LIMITS.perUser - 3 }, (_, index) => ({
      userId: user.id,
      network: 'solana_devnet',
      address: externalAddress('solana_devnet'),
      name: `Contact ${index}`,
    }));
    await ctx.database.db.insert(contacts).values(rows);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(user, { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: `Racer ${index}` })),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const refused = attempts.find((response) => response.statusCode === 409)!;
    expect(refused.json().error).toEqual({ code: 'CONTACT_LIMIT_REACHED', message: `You can save at most ${ADDRESS_BOOK_LIMITS.perUser} contacts` });
    expect(await stored(user.id)).toBe(ADDRESS_BOOK_LIMITS.perUser);
    // Deleting one makes room for one.
    const [first] = await list(user);
    expect((await remove(user, first!.id)).statusCode).toBe(204);
    expect((await create(user, { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: 'Room' })).statusCode).toBe(201);
  });

  it('saves one address once when two saves of it race', async () => {
    const user = await signUp(ctx.app);
    const address = externalAddress('eth_sepolia');
    const attempts = await Promise.all([0, 1, 2].map((index) => create(user, { network: 'eth_sepolia', address, name: `Twin ${index}` })));
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const winner = attempts.find((response) => response.statusCode === 201)!.json().name;
    for (const response of attempts.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json().error).toEqual({ code: 'CONTACT_EXISTS', message: `This address is already saved as ${winner}` });
    }
    expect(await stored(user.id)).toBe(1);
  });

  it("counts a contact as a known recipient in the send's fraud rules, and a look-alike of one as poisoning", async () => {
    const { user } = await fundedUser(ctx);
    const wallet = await walletOn(ctx.app, user, 'eth_sepolia');
    const contact = await saved(user, { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: 'Landlord' });
    const reasonsOf = async (to: string) => {
      const response = await postSend(ctx.app, user, { walletId: wallet.id, to, amount: '0.01' });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json().alerts as { reason: string }[]).map((alert) => alert.reason);
    };
    // Never paid, but saved: not unfamiliar.
    expect(await reasonsOf(contact.address)).toEqual([]);
    // Same first and last four characters, another address: flagged as a look-alike of the contact.
    const body = contact.address.slice(2).toLowerCase();
    const lookalike = `0x${body.slice(0, 4)}${'0'.repeat(32)}${body.slice(-4)}`;
    expect(await reasonsOf(lookalike)).toEqual([FRAUD_REASONS.lookalikeRecipient]);
    // A contact on another network is not known on this one.
    const polygonOnly = await saved(user, { network: 'polygon_amoy', address: externalAddress('polygon_amoy'), name: 'Elsewhere' });
    expect(await reasonsOf(polygonOnly.address)).toEqual([FRAUD_REASONS.unfamiliarRecipient]);
  });
});
