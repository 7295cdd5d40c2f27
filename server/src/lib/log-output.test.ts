import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { type LogOutput, terminalLogStream } from './log-output.ts';

function fakeOutput(isTTY: boolean): LogOutput & { text: () => string } {
  const output = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return Object.assign(output, { text: () => chunks.join('') });
}

describe('terminalLogStream', () => {
  it('leaves pipes, files and tests to pino’s JSON lines', () => {
    expect(terminalLogStream(fakeOutput(false))).toBeUndefined();
  });

  it('prints readable lines on a terminal, with the same redaction as the JSON lines', async () => {
    const output = fakeOutput(true);
    const stream = terminalLogStream(output);
    expect(stream).toBeDefined();
    const log = pino({ redact: ['req.headers.cookie'] }, stream);
    log.info({ req: { headers: { cookie: 'fincrypt.session_token=very-secret' } } }, 'request received');
    await vi.waitFor(() => expect(output.text()).toContain('\n'));

    const text = output.text();
    expect(text).toContain('INFO');
    expect(text).toContain('request received');
    expect(text).toContain('[Redacted]');
    expect(text).not.toContain('very-secret');
    expect(() => JSON.parse(text.split('\n')[0]!)).toThrow();
  });
});
