import { feeFromReceipt, findAsset, formatAmountTrimmed, isNetworkId, listNetworks } from '@fincrypt/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/database.ts';
import { moneyFromSql } from '../db/money-column.ts';

/** The totals of one asset on one network. */
export interface NetworkTotals {
  network: string;
  asset: string;
  /** All in the asset's smallest unit, as integer strings (fees only ever in the native coin). */
  minted: string;
  balances: string;
  fees: string;
  sentOutside: string;
  /** Money a real chain brought from outside the app (the indexer's foreign receives). */
  receivedOutside: string;
  /** On a real chain: grants and payments between our wallets that no block has included yet (sent, not yet received). */
  inFlight: string;
  wallets: number;
  sends: number;
}

export interface LedgerReport {
  isBalanced: boolean;
  /** One entry per (network, asset) the ledger holds. */
  networks: NetworkTotals[];
  /** One sentence per problem found; empty when the ledger holds. */
  breaches: string[];
  checkedAt: string;
  /** For each network on a real node: the book against the chain (ledger-vs-chain.ts). */
  chains?: { network: string; pending: number; differences: string[] }[];
}

const SAMPLE = 5;

/** Per network: its native coin, which pays fees. */
function networkFacts() {
  return sql.join(
    listNetworks().map((network) => sql`(${network.id}, ${network.symbol})`),
    sql`, `,
  );
}

/**
 * Whether a row's amount and fee count in its wallet's balance, as payments/chain-book-effects.ts books them (the same
 * rule, read back here to check what was written): money going out from the moment the app signed it (a failed send
 * keeps only the fee a block charged); on a real chain, money coming in and foreign rows once booked by a block. On a
 * simulated chain no row fails, none is foreign and every row counts from the moment it is written.
 */
const countsOnceIncluded = (t: string) => `(${t}.is_foreign or (${t}.is_on_chain and ${t}.type <> 'send'))`;
const amountCounts = (t: string) => sql.raw(`(${t}.status <> 'failed' and (not ${countsOnceIncluded(t)} or ${t}.is_booked))`);
const feeCounts = (t: string) => sql.raw(`(${t}.type = 'send' and (not ${t}.is_foreign or ${t}.is_booked))`);
/** Money on its way on a real chain: a grant or a payment between our wallets that no block has included yet. */
const inFlight = (t: string) => sql.raw(`(${t}.is_on_chain and not ${t}.is_foreign and ${t}.type <> 'send' and ${t}.status <> 'failed' and not ${t}.is_booked)`);

/** The ledger's totals per network and asset, read in the check's transaction. */
async function readTotals(tx: Db) {
  return rowsOf<{
    network: string;
    asset: string;
    minted: string | null;
    balances: string | null;
    fees: string | null;
    sent_outside: string | null;
    received_outside: string | null;
    in_flight: string | null;
    wallets: number | string | null;
    sends: number | string | null;
  }>(
    tx,
    sql`
      with facts(network, native) as (values ${networkFacts()}),
      assets as (
        select w.network, b.asset from wallet_balances b join wallets w on w.id = b.wallet_id
        union select network, asset from mints
        union select network, asset from transactions
      )
      select a.network, a.asset,
        (select sum(amount) from mints m where m.network = a.network and m.asset = a.asset) as minted,
        (select sum(b.balance) from wallet_balances b join wallets w on w.id = b.wallet_id
          where w.network = a.network and b.asset = a.asset) as balances,
        (select count(*) from wallet_balances b join wallets w on w.id = b.wallet_id
          where w.network = a.network and b.asset = a.asset) as wallets,
        (select sum(fee) from transactions t join facts f on f.network = t.network
          where t.network = a.network and ${feeCounts('t')} and f.native = a.asset) as fees,
        (select sum(amount) from transactions t
          where t.network = a.network and t.asset = a.asset and t.type = 'send' and t.counterparty_wallet_id is null and ${amountCounts('t')}) as sent_outside,
        (select sum(amount) from transactions t
          where t.network = a.network and t.asset = a.asset and t.type = 'receive' and t.is_foreign and ${amountCounts('t')}) as received_outside,
        (select sum(amount) from transactions t where t.network = a.network and t.asset = a.asset and ${inFlight('t')}) as in_flight,
        (select count(*) from transactions t where t.network = a.network and t.asset = a.asset and t.type = 'send') as sends
      from assets a order by a.network, a.asset`,
  );
}

type TotalsRow = Awaited<ReturnType<typeof readTotals>>[number];

/** One network and asset's totals, and the breach when money was made or lost: minted = balances + fees + sent outside. */
function totalsOf(row: TotalsRow): { totals: NetworkTotals; breach?: string } {
  const minted = moneyFromSql(row.minted);
  const balances = moneyFromSql(row.balances);
  const fees = moneyFromSql(row.fees);
  const sentOutside = moneyFromSql(row.sent_outside);
  const receivedOutside = moneyFromSql(row.received_outside);
  const inFlight = moneyFromSql(row.in_flight);
  const offBy = minted + receivedOutside - balances - fees - sentOutside - inFlight;
  const totals = {
    network: row.network,
    asset: row.asset,
    minted: minted.toString(),
    balances: balances.toString(),
    fees: fees.toString(),
    sentOutside: sentOutside.toString(),
    receivedOutside: receivedOutside.toString(),
    inFlight: inFlight.toString(),
    wallets: Number(row.wallets ?? 0),
    sends: Number(row.sends ?? 0),
  };
  if (offBy === 0n) return { totals };
  const received = receivedOutside === 0n ? '' : ` − received from outside ${receivedOutside}`;
  const flying = inFlight === 0n ? '' : ` + in flight ${inFlight}`;
  return {
    totals,
    breach: `${row.network} ${row.asset}: minted ${minted} ≠ balances ${balances} + fees ${fees} + sent outside ${sentOutside}${flying}${received} (off by ${offBy})`,
  };
}

/** A rule checked row by row: up to SAMPLE rows that break it, each told in one line. */
function rowRule<Row extends Record<string, unknown>>(query: () => SQL, breach: (row: Row) => string) {
  return async (tx: Db): Promise<string[]> => (await rowsOf<Row>(tx, query())).map(breach);
}

/** The row-by-row rules, in the order their breaches are listed. Mint transactions count through their mints rows, not as flows. */
const ROW_RULES = [
  rowRule<{ wallet_id: string; asset: string }>(
    () => sql`select wallet_id, asset from wallet_balances where balance < 0 limit ${SAMPLE}`,
    (wallet) => `wallet ${wallet.wallet_id} has a negative ${wallet.asset} balance`,
  ),
  rowRule<{ wallet_id: string; asset: string; balance: string; expected: string }>(
    () => sql`
      with facts(network, native) as (values ${networkFacts()}),
      minted as (
        select wallet_id, asset, sum(amount) as total from (
          select wallet_id, asset, amount from mints
          union all select wallet_id, asset, -amount from transactions t where t.type = 'mint' and ${inFlight('t')}
        ) granted group by wallet_id, asset
      ),
      flows as (
        select t.wallet_id, t.asset, sum(case when t.type = 'send' then -t.amount else t.amount end) as total
        from transactions t where t.type <> 'mint' and ${amountCounts('t')} group by t.wallet_id, t.asset
      ),
      fees as (
        select t.wallet_id, f.native as asset, sum(t.fee) as total
        from transactions t join facts f on f.network = t.network where ${feeCounts('t')} group by t.wallet_id, f.native
      ),
      pairs as (
        select wallet_id, asset from wallet_balances union select wallet_id, asset from minted
        union select wallet_id, asset from flows union select wallet_id, asset from fees
      )
      select p.wallet_id, p.asset, coalesce(b.balance, 0) as balance,
        coalesce(m.total, 0) + coalesce(fl.total, 0) - coalesce(fe.total, 0) as expected
      from pairs p
      left join wallet_balances b on b.wallet_id = p.wallet_id and b.asset = p.asset
      left join minted m on m.wallet_id = p.wallet_id and m.asset = p.asset
      left join flows fl on fl.wallet_id = p.wallet_id and fl.asset = p.asset
      left join fees fe on fe.wallet_id = p.wallet_id and fe.asset = p.asset
      where coalesce(b.balance, 0) <> coalesce(m.total, 0) + coalesce(fl.total, 0) - coalesce(fe.total, 0)
      limit ${SAMPLE}`,
    (wallet) => `wallet ${wallet.wallet_id} holds ${wallet.balance} ${wallet.asset} but its mints and transactions add up to ${wallet.expected}`,
  ),
  rowRule<{ hash: string }>(
    () => sql`
      select t.hash from transactions t
      where t.type = 'mint'
        and (select count(*) from mints m
             where m.transaction_id = t.id and m.wallet_id = t.wallet_id and m.asset = t.asset and m.amount = t.amount) <> 1
      union all
      select coalesce(t.hash, m.id::text) from mints m left join transactions t on t.id = m.transaction_id
      where m.source = 'faucet' and (t.id is null or t.type <> 'mint')
      limit ${SAMPLE}`,
    (mint) => `faucet mint ${mint.hash} does not match exactly one mints row`,
  ),
  rowRule<{ hash: string }>(
    () => sql`
      select s.hash from transactions s
      where s.type = 'send' and s.counterparty_wallet_id is not null
        and (select count(*) from transactions r
             where r.hash = s.hash and r.type = 'receive' and r.network = s.network and r.asset = s.asset and r.amount = s.amount
               and r.wallet_id = s.counterparty_wallet_id and r.counterparty_wallet_id = s.wallet_id) <> 1
      limit ${SAMPLE}`,
    (send) => `internal send ${send.hash} does not have exactly one matching receive`,
  ),
  rowRule<{ hash: string }>(
    () => sql`
      select r.hash from transactions r
      where r.type = 'receive' and not r.is_foreign
        and not exists (select 1 from transactions s
                        where s.hash = r.hash and s.type = 'send' and s.counterparty_wallet_id = r.wallet_id)
      limit ${SAMPLE}`,
    (receive) => `receive ${receive.hash} has no send that pays it`,
  ),
  // The fee formula is the domain's (feeFromReceipt), applied here to each distinct figure the sends carry: a few
  // hundred at most (one gas price per speed and 15-second window), however many sends there are.
  async (tx: Db): Promise<string[]> => {
    const figures = await rowsOf<{ network: string; gas_used: string; effective_gas_price: string; fee: string; hash: string }>(
      tx,
      sql`select network, gas_used::text, effective_gas_price::text, fee::text, min(hash) as hash from transactions
          where type = 'send' group by network, gas_used, effective_gas_price, fee`,
    );
    const wrong = figures.filter((row) => isNetworkId(row.network) && BigInt(row.fee) !== feeFromReceipt(row.gas_used, row.effective_gas_price, row.network));
    return wrong.slice(0, SAMPLE).map((send) => `send ${send.hash} charged a fee other than its network's fee for its gas and price`);
  },
  rowRule<{ network: string; number: string }>(
    () => sql`
      with chain_blocks as (select network, number from blocks where hash is not null),
      included as (
        select network, block_number as number, count(*)::int as count, sum(fee) as fees
        from transactions where type <> 'receive' and block_number is not null
          and (network, block_number) not in (select network, number from chain_blocks)
        group by network, block_number
      ),
      simulated_blocks as (select * from blocks where hash is null)
      select coalesce(b.network, i.network) as network, coalesce(b.number, i.number)::text as number
      from simulated_blocks b full join included i on i.network = b.network and i.number = b.number
      where b.number is null or i.number is null or b.transaction_count <> i.count or b.total_fees <> i.fees
      limit ${SAMPLE}`,
    (block) => `block ${block.number} of ${block.network} does not count exactly the transactions and fees it included`,
  ),
];

/**
 * The ledger's invariants, read in one snapshot (repeatable read, read only) so a running server cannot
 * tear the figures apart:
 * - per (network, asset), minted = Σ balances + Σ fees (native coin only) + Σ sent outside the system, exactly;
 * - no balance of any asset is negative;
 * - every (wallet, asset) balance = what was minted into it − its sends (amount, and fee in the native coin) + its receives;
 * - every send to a wallet of this system has exactly one matching receive, and no receive lacks its send;
 * - every faucet mint transaction has exactly its mints row (same wallet, asset and amount);
 * - every fee is its network's fee for the gas and price it carries (feeFromReceipt);
 * - every block counts exactly the chain rows (sends and mints) it included, and their fees.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const checked = (await readTotals(tx)).map(totalsOf);
      const breaches = checked.flatMap(({ breach }) => (breach ? [breach] : []));
      for (const rule of ROW_RULES) breaches.push(...(await rule(tx)));
      return { isBalanced: breaches.length === 0, networks: checked.map(({ totals }) => totals), breaches, checkedAt: new Date().toISOString() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function coins(units: string, network: string, symbol: string): string {
  const asset = isNetworkId(network) ? findAsset(network, symbol) : undefined;
  return asset ? `${formatAmountTrimmed(BigInt(units), asset.decimals)} ${asset.symbol}` : `${units} ${symbol}`;
}

/** One line: "ledger balanced — eth_sepolia ETH: minted 300 ETH = balances … + fees … + outside …; …" or the breaches. */
export function summarizeLedger(report: LedgerReport): string {
  if (!report.isBalanced) return `ledger BREACHED (${report.breaches.length} problem(s)): ${report.breaches.join('; ')}`;
  if (report.networks.length === 0) return 'ledger balanced — no wallets yet';
  const parts = report.networks.map((totals) => {
    const shown = (units: string) => coins(units, totals.network, totals.asset);
    const received = totals.receivedOutside === '0' ? '' : ` − received ${shown(totals.receivedOutside)}`;
    const flying = totals.inFlight === '0' ? '' : ` + in flight ${shown(totals.inFlight)}`;
    return (
      `${totals.network} ${totals.asset}: minted ${shown(totals.minted)} = balances ${shown(totals.balances)} + fees ${shown(totals.fees)}` +
      ` + outside ${shown(totals.sentOutside)}${flying}${received} (${totals.wallets} wallets, ${totals.sends} sends)`
    );
  });
  const chains = (report.chains ?? []).map((chain) =>
    chain.pending === 0 ? `${chain.network} agrees with its chain` : `${chain.network}: ${chain.pending} pending, compared once they are in blocks`,
  );
  return `ledger balanced — ${[...parts, ...chains].join('; ')}`;
}
