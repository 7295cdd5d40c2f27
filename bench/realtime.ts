/**
 * Realtime latency: 1,000 connected sockets (100 users × 10 tabs; socket.io-client, websocket transport,
 * the user's session cookie and a same-origin Origin header, as a browser sends them) and one send every
 * 10 ms from other signed-up users to those users' wallets. For every recipient socket: the time from just
 * before the send request is issued to that socket's `balance_update` for the credit.
 *
 * The server tells when it committed: the send's answer carries `Server-Timing: commit;desc="<epoch ms>"`, stamped
 * when the commit was acknowledged, before the events are published (server and benchmark share the machine's clock).
 * - realtime_p*_ms_*_from_commit    commit → balance_update: what issue 18's target is about;
 * - realtime_p*_ms_*       from request issued → balance_update: an upper bound (includes the send's own time);
 * - realtime_p*_ms_*_from_response  from response received → balance_update: a lower bound (may be negative:
 *   the event can overtake the HTTP response).
 *
 * The public explorer feed is measured alongside: `explorerSockets` signed-out sockets on the explorer namespace,
 * the time from the send request issued (and from its response) to each one's `explorer_transaction` for the
 * send (explorer_feed_p*_ms_*).
 *
 * One process: sockets and sends on one server. Two processes: a second server on the same PostgreSQL
 * database takes the sends; events reach the sockets' server through PostgreSQL NOTIFY
 * (server/src/plugins/event-relay.ts).
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, type ExplorerRealtimeEvents, type RealtimeEvents } from '@fincrypt/domain';
import type { Socket } from 'socket.io-client';
import { http } from '@fincrypt/test-support';
import { onCleanup } from './lib/cleanup.ts';
import { withFreshDatabase } from './lib/postgres.ts';
import { progress, report, warn } from './lib/report.ts';
import { startBenchServer } from './lib/server.ts';
import { openExplorerSocket, openUserSocket } from './lib/socket.ts';
import { summarize } from './lib/stats.ts';
import { type BenchUser, mapLimit, signUpUsers } from './lib/users.ts';

export interface RealtimeBenchOptions {
  recipients: number;
  socketsPerRecipient: number;
  senders: number;
  intervalMs: number;
  durationS: number;
  /** Sends at the same rate before the measured window, not counted. */
  warmupS: number;
  /** How long to wait after the last send for its events. */
  drainMs: number;
  /**
   * Also measure each variant at this gentler pace first (e.g. 100 ms: 10 sends/s), to tell the latency of
   * the path from the effect of load: figures realtime_*_<variant>_at<N>ps.
   */
  gentle?: { intervalMs: number; durationS: number };
}

interface Delivery {
  hash: string;
  at: number;
}

/** One browser tab: a socket that records when each credit's balance_update arrives. */
interface Tab {
  socket: Socket;
  recipient: number;
  /** Forgets half-paired events (between the warm-up and the measured window). */
  reset: () => void;
}

/** What the tabs observed: each recipient's balance_update arrivals, by receive hash. */
interface Probe {
  tabs: Tab[];
  deliveries: Delivery[][];
  counters: { swapped: number };
  /** The public explorer sockets' arrivals of each send's pending `explorer_transaction`, by hash. */
  feed: Map<string, number[]>;
  feedSockets: Socket[];
}

/** Public explorer sockets: how many signed-out readers watch the feed during the sends. */
const EXPLORER_SOCKETS = 10;

function connectExplorerReader(url: string, feed: Map<string, number[]>): Promise<Socket> {
  const socket = openExplorerSocket(url);
  socket.on('explorer_transaction', ({ transaction }: ExplorerRealtimeEvents['explorer_transaction']) => {
    if (transaction.status !== 'pending') return;
    const at = performance.now();
    const arrivals = feed.get(transaction.hash);
    if (arrivals) arrivals.push(at);
    else feed.set(transaction.hash, [at]);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`explorer socket handshake failed: ${error.message}`));
    });
  });
}

interface SendRecord {
  recipient: number;
  startedAt: number;
  respondedAt?: number;
  /** When the server acknowledged the commit, on this process's performance.now() scale. */
  committedAt?: number;
  status?: number;
  hash?: string;
}

function connectTab(url: string, user: BenchUser, recipient: number, deliveries: Delivery[][], counters: { swapped: number }): Promise<Tab> {
  const socket = openUserSocket(url, user.cookie);
  // A credit's events go out together: transaction_status, transaction_update (the pending receive row,
  // with the hash), balance_update. The clock's later updates are never pending receives. Pair each
  // balance_update with its receive; should the two ever arrive the other way round, pair them anyway.
  const hashesWaiting: string[] = [];
  const balancesWaiting: number[] = [];
  socket.on('transaction_update', ({ transaction }: RealtimeEvents['transaction_update']) => {
    if (transaction.type !== 'receive' || transaction.status !== 'pending') return;
    const at = balancesWaiting.shift();
    if (at === undefined) hashesWaiting.push(transaction.hash);
    else {
      counters.swapped += 1;
      deliveries[recipient]!.push({ hash: transaction.hash, at });
    }
  });
  socket.on('balance_update', () => {
    const at = performance.now();
    const hash = hashesWaiting.shift();
    if (hash === undefined) balancesWaiting.push(at);
    else deliveries[recipient]!.push({ hash, at });
  });
  const reset = () => {
    hashesWaiting.length = 0;
    balancesWaiting.length = 0;
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, recipient, reset }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`socket handshake failed: ${error.message}`));
    });
  });
}

/**
 * The commit instant from the answer's `Server-Timing: commit;desc="<epoch ms>"`, on this process's performance.now()
 * scale; undefined when the server did not say.
 */
export function commitInstantOf(headers: Headers): number | undefined {
  const match = /(?:^|,)\s*commit;[^,]*desc="?([0-9.]+)"?/.exec(headers.get('server-timing') ?? '');
  return match ? Number(match[1]) - performance.timeOrigin : undefined;
}

/** A send every `intervalMs` (open loop: the schedule does not wait for answers) for `durationS`. */
async function sendOnSchedule(
  url: string,
  senders: BenchUser[],
  recipients: BenchUser[],
  options: { intervalMs: number; durationS: number },
): Promise<SendRecord[]> {
  const records: SendRecord[] = [];
  const inFlight: Promise<void>[] = [];
  const count = Math.round((options.durationS * 1000) / options.intervalMs);
  const startedAt = performance.now();
  for (let k = 0; k < count; k += 1) {
    const dueAt = startedAt + k * options.intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sender = senders[k % senders.length]!;
    const recipientIndex = k % recipients.length;
    const record: SendRecord = { recipient: recipientIndex, startedAt: performance.now() };
    records.push(record);
    inFlight.push(
      http(url, 'POST', '/api/transactions', {
        cookie: sender.cookie,
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: { walletId: sender.walletId, to: recipients[recipientIndex]!.address, amount: '0.000001', speed: 'fast' },
      })
        .then((response) => {
          record.respondedAt = performance.now();
          record.status = response.status;
          if (response.status === 201) {
            record.hash = (response.json() as { transaction: { hash: string } }).transaction.hash;
            record.committedAt = commitInstantOf(response.headers);
          }
        })
        .catch(() => {
          record.respondedAt = performance.now();
          record.status = 0;
        }),
    );
  }
  await Promise.all(inFlight);
  return records;
}

async function measure(
  label: string,
  sendUrl: string,
  senders: BenchUser[],
  recipients: BenchUser[],
  probe: Probe,
  options: RealtimeBenchOptions,
) {
  const { deliveries, counters } = probe;
  /** Until every tab has had the balance_update of each of these sends, or drainMs has passed. */
  const drain = async (records: SendRecord[]) => {
    const hashes = new Set(records.flatMap((record) => (record.hash === undefined ? [] : [record.hash])));
    const expected = hashes.size * options.socketsPerRecipient;
    const delivered = () => deliveries.reduce((total, list) => total + list.filter((delivery) => hashes.has(delivery.hash)).length, 0);
    const drainUntil = performance.now() + options.drainMs;
    while (delivered() < expected && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  if (options.warmupS > 0) {
    const warmup = await sendOnSchedule(sendUrl, senders, recipients, { ...options, durationS: options.warmupS });
    await drain(warmup);
  }
  for (const list of deliveries) list.length = 0;
  probe.feed.clear();
  for (const tab of probe.tabs) tab.reset();
  counters.swapped = 0;
  const windowStartedAt = performance.now();
  const records = await sendOnSchedule(sendUrl, senders, recipients, options);
  const windowS = (performance.now() - windowStartedAt) / 1000;
  const sent = records.filter((record) => record.hash !== undefined);
  const expected = sent.length * options.socketsPerRecipient;
  // Wait for the stragglers, up to drainMs after the last answer.
  await drain(records);
  const gaveUpAt = performance.now();

  const byHash = new Map<string, Delivery[]>();
  for (const list of deliveries) {
    for (const delivery of list) {
      const forHash = byHash.get(delivery.hash);
      if (forHash) forHash.push(delivery);
      else byHash.set(delivery.hash, [delivery]);
    }
  }
  const upper: number[] = [];
  const lower: number[] = [];
  const fromCommit: number[] = [];
  let missing = 0;
  const incomplete: string[] = [];
  for (const [index, record] of sent.entries()) {
    const arrivals = byHash.get(record.hash!) ?? [];
    for (const arrival of arrivals) {
      upper.push(arrival.at - record.startedAt);
      lower.push(arrival.at - record.respondedAt!);
      if (record.committedAt !== undefined) fromCommit.push(arrival.at - record.committedAt);
    }
    // A delivery that never came took at least until we stopped waiting: counted so, the percentiles stay
    // honest (lower bounds) instead of leaving out the worst cases.
    if (arrivals.length < options.socketsPerRecipient) {
      incomplete.push(`send #${index} (recipient ${record.recipient}, ${arrivals.length}/${options.socketsPerRecipient} tabs, answered after ${(record.respondedAt! - record.startedAt).toFixed(0)} ms)`);
    }
    for (let i = arrivals.length; i < options.socketsPerRecipient; i += 1) {
      missing += 1;
      upper.push(gaveUpAt - record.startedAt);
      lower.push(gaveUpAt - record.respondedAt!);
      if (record.committedAt !== undefined) fromCommit.push(gaveUpAt - record.committedAt);
    }
  }
  const failed = records.length - sent.length;
  const up = summarize(upper);
  const low = summarize(lower);
  const sockets = options.recipients * options.socketsPerRecipient;
  const missingNote = missing > 0 ? `; ${missing} of ${expected} deliveries never arrived and are counted at the time we stopped waiting, so these percentiles are lower bounds` : '';
  const note = `${sockets} sockets (${options.recipients} users × ${options.socketsPerRecipient}), ${records.length} sends at one per ${options.intervalMs} ms; from just before the send request was issued to each recipient socket's balance_update (upper bound on commit → event: includes the send's own time)${missingNote}`;
  report(`realtime_p50_ms_${label}`, up.p50, 'ms', note);
  report(`realtime_p99_ms_${label}`, up.p99, 'ms', note);
  const lowerNote = `from the send's response received to balance_update (lower bound on commit → event)${missingNote}`;
  report(`realtime_p50_ms_${label}_from_response`, low.p50, 'ms', lowerNote);
  report(`realtime_p99_ms_${label}_from_response`, low.p99, 'ms', lowerNote);
  const stamped = sent.filter((record) => record.committedAt !== undefined).length;
  if (stamped === sent.length && sent.length > 0) {
    const commit = summarize(fromCommit);
    const commitNote = `from the server's commit (its Server-Timing stamp) to each recipient socket's balance_update${missingNote}`;
    report(`realtime_p50_ms_${label}_from_commit`, commit.p50, 'ms', commitNote);
    report(`realtime_p99_ms_${label}_from_commit`, commit.p99, 'ms', commitNote);
  } else {
    warn(`realtime ${label}: ${sent.length - stamped} of ${sent.length} send answers carried no commit stamp (Server-Timing: commit)`);
    report(`realtime_p99_ms_${label}_from_commit`, Number.NaN, 'ms', 'the server did not stamp its commits');
  }
  report(`realtime_send_rate_${label}`, records.length / windowS, 'sends/s', 'sends issued per second in the measured window');
  report(`realtime_send_errors_${label}`, failed, 'count');
  report(`realtime_missing_events_${label}`, missing, 'count', `balance_updates not received within ${options.drainMs} ms of the last send's answer`);
  progress(
    `realtime ${label}: ${sent.length}/${records.length} sends ok, ${upper.length} deliveries (${missing} missing, ${counters.swapped} balance_updates ahead of their receive), p50 ${up.p50.toFixed(1)} / p99 ${up.p99.toFixed(1)} ms`,
  );
  if (failed > 0) {
    const statuses = records.filter((record) => record.hash === undefined).map((record) => record.status);
    warn(`realtime ${label}: ${failed} sends failed (statuses ${[...new Set(statuses)].join(', ')})`);
  }

  // The public feed: every explorer socket hears every send once it has committed.
  const feedUpper: number[] = [];
  const feedLower: number[] = [];
  let feedMissing = 0;
  for (const record of sent) {
    const arrivals = probe.feed.get(record.hash!) ?? [];
    for (const at of arrivals) {
      feedUpper.push(at - record.startedAt);
      feedLower.push(at - record.respondedAt!);
    }
    for (let i = arrivals.length; i < probe.feedSockets.length; i += 1) {
      feedMissing += 1;
      feedUpper.push(gaveUpAt - record.startedAt);
      feedLower.push(gaveUpAt - record.respondedAt!);
    }
  }
  if (probe.feedSockets.length > 0) {
    const feedUp = summarize(feedUpper);
    const feedLow = summarize(feedLower);
    const feedNote = `${probe.feedSockets.length} signed-out explorer sockets, ${records.length} sends at one per ${options.intervalMs} ms; from just before the send request was issued to each explorer socket's explorer_transaction (upper bound on commit → socket)${feedMissing > 0 ? `; ${feedMissing} never arrived, counted at the time we stopped waiting` : ''}`;
    report(`explorer_feed_p50_ms_${label}`, feedUp.p50, 'ms', feedNote);
    report(`explorer_feed_p99_ms_${label}`, feedUp.p99, 'ms', feedNote);
    report(`explorer_feed_p99_ms_${label}_from_response`, feedLow.p99, 'ms', "from the send's response received to explorer_transaction (lower bound on commit → socket)");
    report(`explorer_feed_missing_${label}`, feedMissing, 'count');
    // The headline: one process at the full send pace.
    if (label === '1proc') report('explorer_feed_p99_ms', feedUp.p99, 'ms', feedNote);
    progress(`explorer feed ${label}: ${feedUpper.length} deliveries (${feedMissing} missing), p50 ${feedUp.p50.toFixed(1)} / p99 ${feedUp.p99.toFixed(1)} ms`);
  }
  if (missing > 0) warn(`realtime ${label}: ${missing} balance_update deliveries never arrived: ${incomplete.slice(0, 5).join('; ')}${incomplete.length > 5 ? ' …' : ''}`);
}

export async function benchRealtime(pgServerUrl: string, options: RealtimeBenchOptions): Promise<void> {
  await withFreshDatabase(pgServerUrl, async (databaseUrl) => {
    const socketServer = await startBenchServer({ DATABASE_URL: databaseUrl });
    const tabs: Tab[] = [];
    const feedSockets: Socket[] = [];
    const closeTabs = onCleanup('close realtime sockets', () => {
      for (const tab of tabs) tab.socket.close();
      for (const socket of feedSockets) socket.close();
    });
    try {
      const signUpStartedAt = performance.now();
      const recipients = await signUpUsers(socketServer.url, options.recipients, 'Tab');
      const senders = await signUpUsers(socketServer.url, options.senders, 'Payer');
      progress(`realtime: ${recipients.length + senders.length} users signed up in ${((performance.now() - signUpStartedAt) / 1000).toFixed(1)} s`);

      const probe: Probe = { tabs, deliveries: recipients.map(() => []), counters: { swapped: 0 }, feed: new Map(), feedSockets };
      for (let i = 0; i < EXPLORER_SOCKETS; i += 1) feedSockets.push(await connectExplorerReader(socketServer.url, probe.feed));
      const connectStartedAt = performance.now();
      const slots = recipients.flatMap((user, recipient) => Array.from({ length: options.socketsPerRecipient }, () => ({ user, recipient })));
      await mapLimit(slots, 50, async ({ user, recipient }) => {
        tabs.push(await connectTab(socketServer.url, user, recipient, probe.deliveries, probe.counters));
      });
      progress(`realtime: ${tabs.length} sockets connected in ${((performance.now() - connectStartedAt) / 1000).toFixed(1)} s`);
      report('realtime_sockets', tabs.length, 'count');

      // The gentle pace first: the full pace can leave a backlog behind it.
      const gentle = options.gentle ? { ...options, ...options.gentle } : undefined;
      const gentleSuffix = gentle ? `_at${Math.round(1000 / gentle.intervalMs)}ps` : '';
      if (gentle) await measure(`1proc${gentleSuffix}`, socketServer.url, senders, recipients, probe, gentle);
      await measure('1proc', socketServer.url, senders, recipients, probe, options);

      const sendServer = await startBenchServer({ DATABASE_URL: databaseUrl });
      try {
        // The second process must accept the first one's sessions (shared secret in the database).
        const check = await http(sendServer.url, 'GET', '/api/wallets', { cookie: senders[0]!.cookie });
        if (check.status !== 200) throw new Error(`the second server refused a session of the first: ${check.status}`);
        if (gentle) await measure(`2proc${gentleSuffix}`, sendServer.url, senders, recipients, probe, gentle);
        await measure('2proc', sendServer.url, senders, recipients, probe, options);
      } finally {
        await sendServer.close();
      }
    } finally {
      await closeTabs();
      await socketServer.close();
    }
  });
}
