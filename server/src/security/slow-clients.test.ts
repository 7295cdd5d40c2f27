import net from 'node:net';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../config.ts';
import { contactMessages } from '../db/schema.ts';
import { TEST_ORIGIN, useTestApp } from '../test/test-app.ts';

/** Short limits for the test; the defaults are 30 s for a request and 10 s for its headers (config.ts). */
const TIMEOUTS: HttpTimeouts = { ...DEFAULT_HTTP_TIMEOUTS, requestTimeoutMs: 1_500, headersTimeoutMs: 1_000 };
/** Generous: the limits above, plus Node's check interval, plus a loaded machine. */
const CUT_OFF_WITHIN_MS = 20_000;
const CONTACT = JSON.stringify({ name: 'Slow', email: 'slow@example.com', subject: 'general', message: 'Dripped one byte at a time' });

interface Outcome {
  /** The status line the server answered with, if any. */
  statusLine: string | undefined;
  /** How long the server kept the connection open. */
  heldMs: number;
}

/**
 * Opens a raw connection, writes `head` at once, then one byte of `drip` every `everyMs` until the server
 * closes the connection or the drip runs out; resolves with the server's status line and how long it held on.
 */
function dripRequest(port: number, head: string, drip: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const startedAt = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ statusLine: answer ? answer.split('\r\n')[0] : undefined, heldMs: Date.now() - startedAt });
    });
    socket.on('connect', () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (sent >= drip.length || socket.destroyed) return;
        socket.write(drip[sent]!);
        sent += 1;
      }, everyMs);
    });
    // The test's own bound: a server that never cuts the client off fails on heldMs, not by hanging.
    setTimeout(() => socket.destroy(), CUT_OFF_WITHIN_MS + 5_000).unref();
  });
}

const contactHead = (contentLength: number) =>
  `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;

describe('slow clients are cut off (a real listening server)', () => {
  const ctx = useTestApp('pglite', { config: { http: TIMEOUTS } });
  let port: number;

  // useTestApp's afterAll closes the app, and with it the listening server.
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  const contactCount = async () => (await ctx.database.db.select({ count: count() }).from(contactMessages))[0]?.count ?? 0;

  it('answers 408 and closes a body dripped one byte at a time, and the route never runs', async () => {
    const before = await contactCount();
    // 100+ bytes at one per 200 ms would take over 20 s: the 1.5 s request timeout ends it.
    const outcome = await dripRequest(port, contactHead(Buffer.byteLength(CONTACT)), CONTACT, 200);
    expect(outcome.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(outcome.heldMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    expect(await contactCount()).toBe(before);
  });

  it('answers 408 and closes headers dripped one line at a time', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: y\r\n`).join('');
    const outcome = await dripRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', lines, 100);
    expect(outcome.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(outcome.heldMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it('closes a connection that never sends a byte', async () => {
    const outcome = await dripRequest(port, '', '', 1_000);
    expect(outcome.heldMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it('still takes a request whose body arrives in pieces within the limit', async () => {
    const before = await contactCount();
    const half = Math.floor(CONTACT.length / 2);
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(contactHead(Buffer.byteLength(CONTACT)) + CONTACT.slice(0, half));
        setTimeout(() => socket.write(CONTACT.slice(half)), 200);
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
        if (answer.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(answer.split('\r\n')[0]!);
        }
      });
    });
    expect(outcome).toBe('HTTP/1.1 201 Created');
    expect(await contactCount()).toBe(before + 1);
  });
});
