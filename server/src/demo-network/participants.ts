import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, type DisplayCurrency, isNetworkId } from '@fincrypt/domain';
import { and, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { simulatedParticipants, users, wallets } from '../db/schema.ts';
import { saveDisplayCurrency } from '../modules/account/repo.ts';
import { toWalletViewRecord, walletViewColumns } from '../payments/wallet-store.ts';
import type { PlannerParticipant, PlannerPayee, PlannerWallet } from './plan.ts';
import { participantEmail, participantLabel, type RosterEntry } from './roster.ts';

/** Signs a new account up through the app's own sign-up path (starter wallets included); answers its user id. */
export type SignUp = (input: { name: string; email: string; password: string }) => Promise<string>;

export interface Participant {
  userId: string;
  entry: RosterEntry;
  label: string;
}

const isAlreadyTaken = (error: unknown) => ((error as { body?: { code?: string } }).body?.code ?? '').startsWith('USER_ALREADY_EXISTS');

/** Signs a roster entry up as a new account; undefined when its email already has one (which it never adopts). */
async function signUpParticipant(signUp: SignUp, entry: RosterEntry): Promise<string | undefined> {
  try {
    return await signUp({ name: entry.name, email: participantEmail(entry), password: randomBytes(32).toString('base64url') });
  } catch (error) {
    if (isAlreadyTaken(error)) return undefined;
    throw error;
  }
}

/**
 * Makes sure each roster entry is an account with its `simulated_participants` row, and answers them. An entry
 * seen before (by its key) is found again; a new one is signed up like anyone (its starter wallets come with the
 * sign-up), with a random password nobody keeps: no one can sign in as a simulated participant. An account the
 * network did not create is never taken over: should the entry's email already have one (made before sign-up
 * refused the simulated domain), that entry sits out, and the log says why.
 */
export async function ensureParticipants(db: Db, signUp: SignUp, roster: readonly RosterEntry[], log: Pick<FastifyBaseLogger, 'warn'>): Promise<Participant[]> {
  const known = await db
    .select({ key: simulatedParticipants.key, userId: simulatedParticipants.userId })
    .from(simulatedParticipants)
    .where(inArray(simulatedParticipants.key, roster.map((entry) => entry.key)));
  const byKey = new Map(known.map((row) => [row.key, row.userId]));
  const participants: Participant[] = [];
  for (const entry of roster) {
    const label = participantLabel(entry);
    let userId = byKey.get(entry.key);
    if (userId === undefined) {
      userId = await signUpParticipant(signUp, entry);
      if (userId === undefined) {
        log.warn({ participant: entry.key }, 'demo network: an account it did not create has this participant\'s email; the participant sits out');
        continue;
      }
      await saveDisplayCurrency(db, userId, entry.currency);
      await db
        .insert(simulatedParticipants)
        .values({ userId, key: entry.key, label, role: entry.role, currency: entry.currency })
        .onConflictDoNothing();
    }
    participants.push({ userId, entry, label });
  }
  return participants;
}

export interface PlannerWalletWithFaucet extends PlannerWallet {
  /** The wallet's last faucet claim (one a day). */
  faucetClaimedAt: Date | null;
}

async function connectedWalletsOf(db: Db, userIds: readonly string[]): Promise<Map<string, PlannerWalletWithFaucet[]>> {
  const byUser = new Map<string, PlannerWalletWithFaucet[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ ...walletViewColumns, userId: wallets.userId })
    .from(wallets)
    .where(and(inArray(wallets.userId, [...userIds]), isNull(wallets.disconnectedAt)));
  for (const row of rows) {
    if (!isNetworkId(row.network)) continue;
    const record = toWalletViewRecord(row);
    byUser.get(row.userId)?.push({ id: row.id, network: row.network, address: row.address, balances: record.balances, faucetClaimedAt: row.faucetClaimedAt });
  }
  return byUser;
}

/** The participants as the planner sees them: roles, currencies and their connected wallets with balances. */
export interface ParticipantView extends PlannerParticipant {
  wallets: PlannerWalletWithFaucet[];
}

export async function readParticipants(db: Db, participants: readonly Participant[]): Promise<ParticipantView[]> {
  const walletsByUser = await connectedWalletsOf(db, participants.map((participant) => participant.userId));
  return participants.map((participant) => ({
    userId: participant.userId,
    key: participant.entry.key,
    role: participant.entry.role,
    currency: participant.entry.currency as DisplayCurrency,
    wallets: walletsByUser.get(participant.userId) ?? [],
  }));
}

/** The demo accounts that exist (SEED_DEMO_ACCOUNTS may be off), with their connected wallets. */
export async function readDemoAccounts(db: Db): Promise<PlannerPayee[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((account) => account.email)));
  const walletsByUser = await connectedWalletsOf(db, rows.map((row) => row.id));
  return rows
    .map((row) => ({ userId: row.id, wallets: walletsByUser.get(row.id) ?? [] }))
    .filter((account) => account.wallets.length > 0);
}
