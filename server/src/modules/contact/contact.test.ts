import { CONTACT_MESSAGES } from '@fincrypt/domain';
import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/test-database.ts';
import { useTestApp } from '../../test/test-app.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'support', message: 'How do fees work?' };

describeEachDatabase('contact API', (kind) => {
  const ctx = useTestApp(kind);

  const storedCount = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
  const post = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object });

  it('stores a complete message', async () => {
    const before = await storedCount();
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedCount()).toBe(before + 1);
    const [row] = await ctx.database.db.select().from(contactMessages).limit(1);
    expect(row).toMatchObject(valid);
  });

  it.each([
    ['name', CONTACT_MESSAGES.nameRequired],
    ['email', CONTACT_MESSAGES.emailRequired],
    ['subject', CONTACT_MESSAGES.subjectRequired],
    ['message', CONTACT_MESSAGES.messageRequired],
  ])('refuses a message without %s, naming it, and stores nothing', async (field, message) => {
    const before = await storedCount();
    const { [field as keyof typeof valid]: _omitted, ...rest } = valid;
    const response = await post(rest);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a bad email, an unknown subject, wrong types and a non-object body', async () => {
    const before = await storedCount();
    for (const payload of [
      { ...valid, email: 'nope' },
      { ...valid, subject: 'sales' },
      { ...valid, name: 42 },
      { ...valid, message: { text: 'hi' } },
      [valid],
    ]) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.message.length).toBeGreaterThan(0);
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'Request body is not valid JSON' } });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post({ ...valid, message: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('Request body is too large');
  });
});

describeEachDatabase('contact API rate limit', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { contactPerIp: 2 } });

  it('answers 429 with a clear message once the limit is reached', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i += 1) {
      last = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(last?.json().error.code).toBe('RATE_LIMITED');
    expect(last?.json().error.message).toMatch(/^Too many requests/);
  });
});
