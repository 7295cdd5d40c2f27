import net from 'node:net';

/** What happens to connections that arrive while the proxy is stopped. */
export type StoppedMode =
  /** Reset at once (ECONNRESET on the client), as a server that is going down answers. */
  | 'reset'
  /** Accepted and left hanging without a byte, as an unreachable host looks; reset on resume() or close(). */
  | 'hold'
  /**
   * A network that goes silent without closing anything: open connections stay open on both sides but carry
   * nothing more either way (bytes are read and dropped, a FIN goes unanswered), and new ones are accepted and
   * treated the same. Nothing is ever reset: each end must notice by itself (timeouts, keepalive, PostgreSQL's
   * idle timeouts). Those connections stay silent after resume() (only new ones are forwarded) until close().
   */
  | 'blackhole';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  rewrite: (url: string) => string;
  /**
   * Resets every open connection (both sides) and treats new ones per `mode` until resume(); with
   * 'blackhole', open connections are silenced instead of reset.
   */
  stop: (mode?: StoppedMode) => void;
  /** Forwards new connections again; connections held while stopped are reset, black-holed ones stay silent. */
  resume: () => void;
  isStopped: () => boolean;
  /** Connections forwarded, and connections turned away, held or black-holed while stopped. */
  counts: () => { forwarded: number; refused: number };
  /** Connections open in the black hole (both ends of a silenced pair count once). */
  silenced: () => number;
  close: () => Promise<void>;
}

function reset(socket: net.Socket) {
  if (!socket.destroyed) socket.resetAndDestroy();
}

/** Reads and drops whatever arrives, and never answers, not even a FIN (the sockets are half-open capable). */
function silence(socket: net.Socket) {
  socket.removeAllListeners('data');
  socket.on('data', () => {});
  socket.on('end', () => {});
  socket.resume();
}

/**
 * A TCP forwarder on 127.0.0.1 (a free port) to `target`, for tests that need the database to vanish
 * and come back under a running server without touching the database server itself (other tests share it).
 */
export async function startTcpProxy(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; end: () => void }>();
  const held = new Set<net.Socket>();
  const silenced = new Set<net.Socket>();
  const keepSilent = (socket: net.Socket) => {
    silence(socket);
    silenced.add(socket);
    socket.once('close', () => silenced.delete(socket));
  };
  let stoppedMode: StoppedMode | undefined;
  let forwarded = 0;
  let refused = 0;

  // Half-open capable, so a black hole can leave a client's FIN unanswered; while forwarding, pipe() passes
  // each end on, as before.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    client.on('error', () => {});
    if (stoppedMode === 'blackhole') {
      refused += 1;
      keepSilent(client);
      return;
    }
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
    const upstream = net.connect({ port: target.port, host: target.host, allowHalfOpen: true });
    upstream.on('error', () => {});
    const end = () => {
      pairs.delete(pair);
      reset(client);
      reset(upstream);
    };
    const pair = { client, upstream, end };
    pairs.add(pair);
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
      for (const { client, upstream, end } of pairs) {
        if (mode === 'blackhole') {
          client.unpipe(upstream);
          upstream.unpipe(client);
          // The pair no longer ends together: each side stays open until its own end gives up.
          client.removeListener('close', end);
          upstream.removeListener('close', end);
          keepSilent(client);
          keepSilent(upstream);
        } else {
          reset(client);
          reset(upstream);
        }
      }
      pairs.clear();
    },
    resume: () => {
      stoppedMode = undefined;
      dropHeld();
    },
    isStopped: () => stoppedMode !== undefined,
    counts: () => ({ forwarded, refused }),
    silenced: () => silenced.size,
    close: async () => {
      stoppedMode = 'reset';
      dropHeld();
      for (const socket of silenced) reset(socket);
      silenced.clear();
      for (const { client, upstream } of pairs) {
        reset(client);
        reset(upstream);
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
