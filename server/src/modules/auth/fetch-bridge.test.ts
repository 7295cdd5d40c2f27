import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../plugins/error-handler.ts';
import { sendFetchResponse } from './fetch-bridge.ts';

/** A route that relays what better-auth answered, as the auth routes do. */
async function relay(response: () => Response, checkDatabase: () => Promise<void>) {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  app.post('/relay', async (_request, reply) => sendFetchResponse(reply, response(), {}, checkDatabase));
  try {
    return await app.inject({ method: 'POST', url: '/relay' });
  } finally {
    await app.close();
  }
}

describe("relaying better-auth's answer", () => {
  const failed = () => new Response(JSON.stringify({ code: 'FAILED_TO_CREATE_USER', message: 'Failed to create user' }), { status: 500 });

  it('turns its bare 500 into 503 DATABASE_UNAVAILABLE when the database does not answer', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const response = await relay(failed, async () => {
      throw refused;
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is not answering. Please try again shortly.' } });
  });

  it('leaves a 500 alone when the database answers, and never asks about other answers', async () => {
    expect((await relay(failed, async () => {})).statusCode).toBe(500);
    let asked = 0;
    const ok = await relay(
      () => new Response(JSON.stringify({ ok: true }), { status: 200 }),
      async () => {
        asked += 1;
      },
    );
    expect(ok.statusCode).toBe(200);
    expect(asked).toBe(0);
  });
});
