import { customType } from 'drizzle-orm/pg-core';

/** numeric(78,0) holds any unsigned 256-bit integer: every amount in wei or lamports fits. */
export const MONEY_SQL_TYPE = 'numeric(78, 0)';

/**
 * An exact integer amount in the asset's smallest unit: numeric(78,0) in SQL, bigint in code. The
 * drivers hand numeric over as a string, which BigInt reads without ever passing through a float.
 */
export const money = customType<{ data: bigint; driverData: string }>({
  dataType: () => MONEY_SQL_TYPE,
  toDriver: (value) => value.toString(),
  fromDriver: (value) => BigInt(value),
});

/** Reads a numeric that came back from raw SQL (a string, or null for an empty sum). */
export function moneyFromSql(value: unknown): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`not an integer amount: ${String(value)}`);
}
