import { formatAmountTrimmed, getNetwork, isNetworkId, listNetworks } from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { moneyFromSql } from '../db/money-column.ts';

export interface NetworkTotals {
  network: string;
  /** All in the network's smallest unit, as integer strings. */
  minted: string;
  balances: string;
  fees: string;
  sentOutside: string;
  wallets: number;
  sends: number;
}

export interface LedgerReport {
  isBalanced: boolean;
  networks: NetworkTotals[];
  /** One sentence per problem found; empty when the ledger holds. */
  breaches: string[];
  checkedAt: string;
}

const SAMPLE = 5;

/** Rows of a raw query, whichever driver ran it (node-postgres returns a result object, PGlite too). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** 10^(18 − decimals) per network: gas prices are in 10^-18 coin, fees in the smallest unit. */
function feeDivisors() {
  return sql.join(
    listNetworks().map((network) => sql`(${network.id}, ${(10n ** BigInt(18 - network.decimals)).toString()}::numeric)`),
    sql`, `,
  );
}

/**
 * The ledger's invariants, read in one snapshot (repeatable read, read only) so a running server cannot
 * tear the figures apart:
 * - per network, minted = Σ balances + Σ fees + Σ sent outside the system, exactly;
 * - no balance is negative;
 * - every wallet's balance = what was minted into it − its sends (amount + fee) + its receives;
 * - every send to a wallet of this system has exactly one matching receive, and no receive lacks its send;
 * - every fee equals gasUsed × effectiveGasPrice in the network's unit.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const breaches: string[] = [];
      const totals = await rows<{
        network: string;
        minted: string | null;
        balances: string | null;
        fees: string | null;
        sent_outside: string | null;
        wallets: number | string | null;
        sends: number | string | null;
      }>(
        tx,
        sql`
          with networks as (
            select network from wallets union select network from mints union select network from transactions
          )
          select n.network,
            (select sum(amount) from mints m where m.network = n.network) as minted,
            (select sum(balance) from wallets w where w.network = n.network) as balances,
            (select count(*) from wallets w where w.network = n.network) as wallets,
            (select sum(fee) from transactions t where t.network = n.network and t.type = 'send') as fees,
            (select sum(amount) from transactions t
              where t.network = n.network and t.type = 'send' and t.counterparty_wallet_id is null) as sent_outside,
            (select count(*) from transactions t where t.network = n.network and t.type = 'send') as sends
          from networks n order by n.network`,
      );
      const networks = totals.map((row): NetworkTotals => {
        const minted = moneyFromSql(row.minted);
        const balances = moneyFromSql(row.balances);
        const fees = moneyFromSql(row.fees);
        const sentOutside = moneyFromSql(row.sent_outside);
        const offBy = minted - balances - fees - sentOutside;
        if (offBy !== 0n) {
          breaches.push(
            `${row.network}: minted ${minted} ≠ balances ${balances} + fees ${fees} + sent outside ${sentOutside} (off by ${offBy})`,
          );
        }
        return {
          network: row.network,
          minted: minted.toString(),
          balances: balances.toString(),
          fees: fees.toString(),
          sentOutside: sentOutside.toString(),
          wallets: Number(row.wallets ?? 0),
          sends: Number(row.sends ?? 0),
        };
      });

      const negative = await rows<{ id: string }>(tx, sql`select id from wallets where balance < 0 limit ${SAMPLE}`);
      for (const wallet of negative) breaches.push(`wallet ${wallet.id} has a negative balance`);

      const drifted = await rows<{ id: string; balance: string; expected: string }>(
        tx,
        sql`
          with minted as (select wallet_id, sum(amount) as total from mints group by wallet_id),
          flows as (
            select wallet_id, sum(case when type = 'send' then -(amount + fee) else amount end) as total
            from transactions group by wallet_id
          )
          select w.id, w.balance, coalesce(m.total, 0) + coalesce(f.total, 0) as expected
          from wallets w left join minted m on m.wallet_id = w.id left join flows f on f.wallet_id = w.id
          where w.balance <> coalesce(m.total, 0) + coalesce(f.total, 0)
          limit ${SAMPLE}`,
      );
      for (const wallet of drifted) {
        breaches.push(`wallet ${wallet.id} holds ${wallet.balance} but its mints and transactions add up to ${wallet.expected}`);
      }

      const unmatchedSends = await rows<{ hash: string }>(
        tx,
        sql`
          select s.hash from transactions s
          where s.type = 'send' and s.counterparty_wallet_id is not null
            and (select count(*) from transactions r
                 where r.hash = s.hash and r.type = 'receive' and r.network = s.network and r.amount = s.amount
                   and r.wallet_id = s.counterparty_wallet_id and r.counterparty_wallet_id = s.wallet_id) <> 1
          limit ${SAMPLE}`,
      );
      for (const send of unmatchedSends) breaches.push(`internal send ${send.hash} does not have exactly one matching receive`);

      const orphanReceives = await rows<{ hash: string }>(
        tx,
        sql`
          select r.hash from transactions r
          where r.type = 'receive'
            and not exists (select 1 from transactions s
                            where s.hash = r.hash and s.type = 'send' and s.counterparty_wallet_id = r.wallet_id)
          limit ${SAMPLE}`,
      );
      for (const receive of orphanReceives) breaches.push(`receive ${receive.hash} has no send that pays it`);

      const wrongFees = await rows<{ hash: string }>(
        tx,
        sql`
          select t.hash from transactions t join (values ${feeDivisors()}) as n(network, divisor) on n.network = t.network
          where t.type = 'send' and t.fee <> div(t.gas_used * t.effective_gas_price, n.divisor)
          limit ${SAMPLE}`,
      );
      for (const send of wrongFees) breaches.push(`send ${send.hash} charged a fee other than gasUsed × effectiveGasPrice`);

      return { isBalanced: breaches.length === 0, networks, breaches, checkedAt: new Date().toISOString() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function coins(units: string, network: string): string {
  return isNetworkId(network) ? `${formatAmountTrimmed(BigInt(units), getNetwork(network).decimals)} ${getNetwork(network).symbol}` : units;
}

/** One line: "ledger balanced — eth_sepolia: minted 300 ETH = balances … + fees … + outside …; …" or the breaches. */
export function summarizeLedger(report: LedgerReport): string {
  if (!report.isBalanced) return `ledger BREACHED (${report.breaches.length} problem(s)): ${report.breaches.join('; ')}`;
  if (report.networks.length === 0) return 'ledger balanced — no wallets yet';
  const parts = report.networks.map((totals) => {
    const shown = (units: string) => coins(units, totals.network);
    return (
      `${totals.network}: minted ${shown(totals.minted)} = balances ${shown(totals.balances)} + fees ${shown(totals.fees)}` +
      ` + outside ${shown(totals.sentOutside)} (${totals.wallets} wallets, ${totals.sends} sends)`
    );
  });
  return `ledger balanced — ${parts.join('; ')}`;
}
