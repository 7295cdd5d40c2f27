import net from 'node:net';

/** What happens to connections that arrive while the proxy is stopped. */
export type StoppedMode =
  /** Reset at once (ECONNRESET on the client), as a server that is going down answers. */
  | 'reset'
  /** Accepted and left hanging without a byte, as an unreachable host looks; reset on resume() or close(). */
  | 'hold';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  rewrite: (url: string) => string;
  /** Resets every open connection (both sides) and treats new ones per `mode` until resume(). */
  stop: (mode?: StoppedMode) => void;
  /** Forwards new connections again; connections held while stopped are reset. */
  resume: () => void;
  isStopped: () => boolean;
  /** Connections forwarded, and connections turned away or held while stopped. */
  counts: () => { forwarded: number; refused: number };
  close: () => Promise<void>;
}

function reset(socket: net.Socket) {
  if (!socket.destroyed) socket.resetAndDestroy();
}

/**
 * A TCP forwarder on 127.0.0.1 (a free port) to `target`, for tests that need the database to vanish
 * and come back under a running server without touching the database server itself (other tests share it).
 */
export async function startTcpProxy(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let stoppedMode: StoppedMode | undefined;
  let forwarded = 0;
  let refused = 0;

  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (stoppedMode === 'reset') {
      refused += 1;
      reset(client);
      return;
    }
    if (stoppedMode === 'hold') {
      refused += 1;
      held.add(client);
      client.once('close', () => held.delete(client));
      return;
    }
    forwarded += 1;
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => {});
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      reset(client);
      reset(upstream);
    };
    client.once('close', end);
    upstream.once('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  const dropHeld = () => {
    for (const socket of held) reset(socket);
    held.clear();
  };

  return {
    port,
    rewrite: (url) => {
      const rewritten = new URL(url);
      rewritten.hostname = '127.0.0.1';
      rewritten.port = String(port);
      return rewritten.toString();
    },
    stop: (mode = 'reset') => {
      stoppedMode = mode;
      for (const { client, upstream } of pairs) {
        reset(client);
        reset(upstream);
      }
      pairs.clear();
    },
    resume: () => {
      stoppedMode = undefined;
      dropHeld();
    },
    isStopped: () => stoppedMode !== undefined,
    counts: () => ({ forwarded, refused }),
    close: async () => {
      stoppedMode = 'reset';
      dropHeld();
      for (const { client, upstream } of pairs) {
        reset(client);
        reset(upstream);
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
