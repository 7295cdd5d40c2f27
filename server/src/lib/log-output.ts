import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

export interface LogOutput extends NodeJS.WritableStream {
  isTTY?: boolean;
}

/**
 * Where `npm start` writes its log lines. On a terminal, pino-pretty turns each line into a readable one
 * (time, level, message, then the fields); anywhere else (tests, CI, pipes, files, log collectors) the
 * answer is undefined and the lines stay pino's JSON, one object per line. Redaction happens inside pino
 * before a line is written, so both forms leave out the same cookies and secrets.
 */
export function terminalLogStream(output: LogOutput = process.stdout): DestinationStream | undefined {
  if (!output.isTTY) return undefined;
  return pretty({ destination: output, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
