import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './money-column.ts';

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);

// ---- Accounts: the tables better-auth reads and writes (model name → table), plus our own. ----
// JS keys follow better-auth's field names; SQL names are snake_case.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** One of the five preset avatars (e.g. "preset-3"); null = the default one. */
  image: text('image'),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** The display currency the user chose (inr, usd, …); null until they choose one. A payer is offered it as "They receive"'s currency. */
  displayCurrency: text('display_currency'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** The password hash, for the "credential" provider. */
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Encrypted by better-auth with the app secret. */
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factors_user_id_idx').on(table.userId), index('two_factors_secret_idx').on(table.secret)],
);

/**
 * Passkeys (WebAuthn credentials), written by better-auth's passkey plugin; `last_used_at` is ours, set when one
 * signs in (modules/auth/passkeys.ts). A credential id belongs to one account only.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_id_idx').on(table.userId)],
);

/** TOTP codes already accepted, so one code cannot be used twice inside its validity window. */
export const usedTwoFactorCodes = pgTable(
  'used_two_factor_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/** Per-user notification preferences (the four toggles of Account Settings). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  transactionAlerts: boolean('transaction_alerts').notNull().default(true),
  fraudDetection: boolean('fraud_detection').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  marketUpdates: boolean('market_updates').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every server process (sign-in, sign-up, 2FA, contact…). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Secrets generated once and shared by every process on the same database (when not set in the environment). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The ledger: wallets, their balances, the money minted into them, transactions, idempotency, alerts. ----
// Amounts are integers in their asset's smallest unit (wei, lamports, USDC's 10^-6): numeric(78,0) in SQL,
// bigint in code. An asset is named by its symbol within its network (packages/domain/src/assets.ts).

/**
 * A key pair on one network. Disconnecting only stamps `disconnected_at`: the wallet, its balance and
 * its history stay in the ledger (and it can still receive), but it is no longer the user's.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').notNull(),
    /** Canonical form: EIP-55 for EVM networks, base58 for Solana. */
    address: text('address').notNull(),
    publicKey: text('public_key').notNull(),
    /** AES-256-GCM, see chain/key-vault.ts; never leaves the server. */
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    /** The nonce the next send signs with (EVM), also mixed into Solana messages. */
    nextNonce: integer('next_nonce').notNull().default(0),
    /** The last faucet claim: the faucet gives a wallet test funds once per FAUCET_COOLDOWN_MS. */
    faucetClaimedAt: timestamp('faucet_claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('wallets_network_address_idx').on(table.network, table.address),
    uniqueIndex('wallets_one_connected_per_network_idx')
      .on(table.userId, table.network)
      .where(sql`${table.disconnectedAt} is null`),
    index('wallets_user_id_idx').on(table.userId),
  ],
);

/** A wallet's balance of one asset. A row exists for every asset of the wallet's network from its opening. */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** The asset's symbol on the wallet's network. */
    asset: text('asset').notNull(),
    balance: money('balance').notNull(),
  },
  (table) => [primaryKey({ columns: [table.walletId, table.asset] }), check('wallet_balances_not_negative', sql`${table.balance} >= 0`)],
);

/**
 * Every amount created out of nothing: the left side of the ledger equation. `source` says why: a new
 * wallet's opening grant, a faucet claim (with the mint transaction the explorer shows), or the grant
 * migration 0003 gave wallets that existed before their network had tokens.
 */
export const mints = pgTable(
  'mints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    source: text('source', { enum: ['opening', 'faucet', 'migration'] }).notNull(),
    /** The faucet's mint transaction (type 'mint'); null for opening grants. */
    transactionId: uuid('transaction_id').references((): AnyPgColumn => transactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mints_wallet_id_idx').on(table.walletId),
    uniqueIndex('mints_transaction_id_idx').on(table.transactionId),
    check('mints_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * One row per wallet a transfer touched: the sender's `send` row, and for a recipient inside the system
 * a mirrored `receive` row with the same hash. `fee` is what this row's wallet paid (0 on receives), always in
 * the network's native coin; `amount` is in `asset`. A faucet claim writes a `mint` row per asset (fee 0),
 * whose amount the ledger counts through its `mints` row.
 * The chain clock reads `include_at` and `next_confirmation_at`; see payments/clock.ts.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hash: text('hash').notNull(),
    network: text('network').notNull(),
    type: text('type', { enum: ['send', 'receive', 'mint'] }).notNull(),
    /** The asset's symbol on `network`. */
    asset: text('asset').notNull(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** The wallet's owner when the row was written, so a user's history survives a disconnect. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The other wallet when it is in this system (recipient of a send, sender of a receive); null = outside. */
    counterpartyWalletId: uuid('counterparty_wallet_id').references(() => wallets.id),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    gasUsed: money('gas_used').notNull(),
    effectiveGasPrice: money('effective_gas_price').notNull(),
    nonce: integer('nonce').notNull(),
    speed: text('speed', { enum: ['slow', 'normal', 'fast'] }).notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'failed'] }).notNull().default('pending'),
    confirmations: integer('confirmations').notNull().default(0),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the transaction enters a block (its first confirmation). */
    includeAt: timestamp('include_at', { withTimezone: true }).notNull(),
    /** When the clock must look at it again; null once it has all its confirmations. */
    nextConfirmationAt: timestamp('next_confirmation_at', { withTimezone: true }),
    /**
     * Confirmed with all its confirmations: nothing about the row changes any more. Kept by PostgreSQL. The clock's
     * indexes are partial on it rather than keyed on the columns the clock writes: it changes once in a row's life,
     * so the clock's other writes stay HOT (migration 0008). Every other row (pending, confirming, failed) is few.
     */
    isSettled: boolean('is_settled')
      .notNull()
      .generatedAlwaysAs(sql`next_confirmation_at is null and status = 'confirmed'`),
    /** The firm quote the send honoured, when it was sent with one (payment_quotes). */
    quoteId: uuid('quote_id').references((): AnyPgColumn => paymentQuotes.id),
    /**
     * Its value when sent, in minor units (paise, cents, yen) of the sender's and the recipient's currencies and
     * in US cents: from the quote, or from the prices at hand for a send without one. Null on mints and on rows
     * written before values were kept (migration 0004).
     */
    senderCurrency: text('sender_currency'),
    senderValueMinor: money('sender_value_minor'),
    recipientCurrency: text('recipient_currency'),
    recipientValueMinor: money('recipient_value_minor'),
    usdValueCents: money('usd_value_cents'),
    /** Where the prices behind those values came from: 'live', 'simulated' or 'fallback'. */
    valueSource: text('value_source'),
    /** The payment request reference the send carried (64 hex digits), on the send and the receive row; null otherwise. */
    paymentReference: text('payment_reference'),
    /**
     * The signed transaction as a chain would carry it, so anyone can check the hash and the signer (explorer.ts
     * rawTransactionSchema): EVM, the serialized signed transaction (0x hex, EIP-1559; legacy before issue 49); Solana, the wire transaction
     * (compact signature count, signature, message) in base64. Null on mints and on rows written before it was kept.
     */
    rawTransaction: text('raw_transaction'),
    /** Why a real chain's transaction failed: reverted in its block, or dropped (the node's words); null otherwise. */
    failureReason: text('failure_reason'),
    /** Written by the indexer from a block, not signed by the app: money from outside, or a send by another client holding the key. */
    isForeign: boolean('is_foreign').notNull().default(false),
    /** Of a network on a real node: money coming in (a receive, a grant) counts once a block includes it. */
    isOnChain: boolean('is_on_chain').notNull().default(false),
    /**
     * On a real chain, whether money coming in (or a foreign row) counts in its wallet's balance: from the first block
     * that includes it; a reorganisation takes back only a foreign row's (payments/chain-book-effects.ts).
     */
    isBooked: boolean('is_booked').notNull().default(false),
  },
  (table) => [
    uniqueIndex('transactions_hash_type_idx').on(table.hash, table.type),
    index('transactions_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    // No index holds a column the chain clock writes (status, confirmations, block_number, next_confirmation_at), so
    // its updates are HOT: a new row version on the same page and no index entries (migration 0008). Rows the clock
    // still moves are found through partial indexes on is_settled, which changes once, at the last confirmation.
    index('transactions_wallet_id_idx').on(table.walletId),
    // A wallet's money on its way in on a real chain (payments/wallet-store.ts), until a block books it (migration 0015).
    index('transactions_incoming_idx')
      .on(table.walletId)
      .where(sql`${table.isOnChain} and not ${table.isBooked} and ${table.type} <> 'send'`),
    index('transactions_unsettled_idx')
      .on(table.includeAt, table.id)
      .where(sql`not ${table.isSettled}`),
    // A user's status counts and pending/failed filter: their unsettled rows, and how many are settled (index only).
    index('transactions_user_settled_idx').on(table.userId, table.isSettled),
    // What a send decides from (its fraud history, payments/send-state.ts; migrations 0011, 0012): a user's latest sends on a network, and the
    // addresses they paid there one index probe each. Without them, each send read every send of its user (linear in
    // history). The latest sends are keyed by one expression, `user_id/network`, that no other index holds, so the
    // planner cannot read them through another index of the user's rows whatever its statistics say (0012).
    index('transactions_user_sends_idx')
      .on(sql`(${table.userId} || '/' || ${table.network})`, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.type} = 'send'`),
    index('transactions_user_payees_idx')
      .on(table.userId, table.network, table.toAddress)
      .where(sql`${table.type} = 'send'`),
    // The public explorer reads chain rows only (sends and mints: a receive mirrors its send), newest first.
    index('transactions_chain_from_idx')
      .on(table.fromAddress, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.type} <> 'receive'`),
    index('transactions_chain_to_idx')
      .on(table.toAddress, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.type} <> 'receive'`),
    index('transactions_chain_network_created_idx')
      .on(table.network, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.type} <> 'receive'`),
    // A block's rows by the block their inclusion time falls in (block_number_at mirrors chain/blocks.ts); the
    // query also asks block_number, which is set only once the row is in that block.
    index('transactions_chain_block_idx')
      .on(table.network, sql`block_number_at(${table.network}, ${table.includeAt})`, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.type} <> 'receive'`),
    index('transactions_chain_unsettled_idx')
      .on(table.network)
      .where(sql`${table.type} <> 'receive' and not ${table.isSettled}`),
    check('transactions_amount_positive', sql`${table.amount} > 0`),
    check('transactions_fee_not_negative', sql`${table.fee} >= 0`),
    check('transactions_confirmations_range', sql`${table.confirmations} between 0 and 12`),
  ],
);

/**
 * On a real chain (issue 49): every block the indexer read, empty ones too, written by the indexer alone.
 * On a simulated chain: a block that included transactions, written by the chain clock alone, in the same database
 * transaction as the inclusions it counts. Block numbers follow each chain's cadence (chain/blocks.ts); a number
 * without a row is a block that included nothing of ours. `total_fees` is in the network's native coin.
 */
export const blocks = pgTable(
  'blocks',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull(),
    transactionCount: integer('transaction_count').notNull(),
    totalFees: money('total_fees').notNull(),
    /** A real chain's block (the indexer's, migration 0015): its hash and parent, and its gas figures; null on a simulated chain. */
    hash: text('hash'),
    parentHash: text('parent_hash'),
    gasLimit: money('gas_limit'),
    gasUsed: money('gas_used'),
    baseFeePerGas: money('base_fee_per_gas'),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.number] }),
    index('blocks_produced_at_idx').on(table.producedAt.desc()),
    check('blocks_count_not_negative', sql`${table.transactionCount} >= 0`),
    check('blocks_fees_not_negative', sql`${table.totalFees} >= 0`),
  ],
);

/**
 * The owner's search text of each transaction (modules/transactions/repo.ts): its hash and both addresses joined,
 * under a trigram index (pg_trgm lowercases trigrams, so it serves the case-insensitive EVM match and, with the
 * exact recheck on the transaction's own columns, the case-sensitive Solana one). Its only writer is a trigger on
 * `transactions` (migration 0007): a row is written when its transaction is inserted and rewritten only when the hash
 * or an address changes (a speed-up), so the chain clock's rewrites of every transaction (inclusion, confirmations)
 * never touch this index. `user_id` lets the search drop other users' candidates before reading any transaction.
 */
export const transactionSearchTerms = pgTable(
  'transaction_search_terms',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    terms: text('terms').notNull(),
  },
  (table) => [index('transaction_search_terms_trgm_idx').using('gin', sql`${table.terms} gin_trgm_ops`)],
);

/**
 * A pending transaction replaced by a speed-up (payments/speed-up.ts, its only writer): the old hash, and the hash of
 * the transaction that took its place with the same nonce. Looking up an old hash finds the replacement.
 */
export const transactionReplacements = pgTable(
  'transaction_replacements',
  {
    oldHash: text('old_hash').primaryKey(),
    network: text('network').notNull(),
    newHash: text('new_hash').notNull(),
    /** The speed it had before. */
    oldSpeed: text('old_speed', { enum: ['slow', 'normal', 'fast'] }).notNull(),
    oldFee: money('old_fee').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('transaction_replacements_new_hash_idx').on(table.newHash)],
);

/**
 * The demo network's simulated participants (demo-network/, its only writer): each is an account of its own whose
 * wallets pay and are paid through the same send path as anyone's. `label` is public (explorer pages show it);
 * the account's email and name stay private like every user's.
 */
export const simulatedParticipants = pgTable('simulated_participants', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The roster's key ("amara-lagos"): stable across restarts, so a restart finds its participants again. */
  key: text('key').notNull().unique(),
  /** "Simulated · Amara Okafor, remitter in Lagos". */
  label: text('label').notNull(),
  role: text('role', { enum: ['remitter', 'merchant'] }).notNull(),
  currency: text('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per (user, Idempotency-Key): claimed in the same database transaction as the send it guards,
 * so of two concurrent requests with one key exactly one writes to the ledger; the other replays.
 */
/**
 * A firm quote (POST /api/quotes): the exact amounts, fee and rates a send honours while it is fresh. Used once:
 * the send that honours it stamps `used_at` and `transaction_id` in its own database transaction. Unused quotes
 * are deleted a while after they expire (payments/quotes.ts); used ones stay with their transaction (its receipt
 * shows them). Amounts are in the asset's smallest unit; fiat in the currency's minor unit; rates are the price
 * of one whole unit of the asset times 10^8 (packages/domain/src/fx.ts).
 */
export const paymentQuotes = pgTable(
  'payment_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    /** Canonical form. */
    toAddress: text('to_address').notNull(),
    speed: text('speed', { enum: ['slow', 'normal', 'fast'] }).notNull(),
    /** Which amount the sender fixed: the asset's, the sender's fiat or the recipient's fiat. */
    fixedSide: text('fixed_side', { enum: ['asset', 'sender', 'recipient'] }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    gasUsed: money('gas_used').notNull(),
    gasPrice: money('gas_price').notNull(),
    senderCurrency: text('sender_currency').notNull(),
    recipientCurrency: text('recipient_currency').notNull(),
    assetRateSender: money('asset_rate_sender').notNull(),
    assetRateRecipient: money('asset_rate_recipient').notNull(),
    assetRateUsd: money('asset_rate_usd').notNull(),
    /** The network coin's rates, which price the fee (the same as the asset's for a coin transfer). */
    feeRateSender: money('fee_rate_sender').notNull(),
    feeRateUsd: money('fee_rate_usd').notNull(),
    rateSource: text('rate_source', { enum: ['live', 'simulated', 'fallback'] }).notNull(),
    ratesAt: timestamp('rates_at', { withTimezone: true }).notNull(),
    senderAmountMinor: money('sender_amount_minor').notNull(),
    senderFeeMinor: money('sender_fee_minor').notNull(),
    recipientAmountMinor: money('recipient_amount_minor').notNull(),
    usdAmountCents: money('usd_amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    transactionId: uuid('transaction_id').references((): AnyPgColumn => transactions.id),
  },
  (table) => [
    index('payment_quotes_user_created_idx').on(table.userId, table.createdAt),
    index('payment_quotes_unused_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.usedAt} is null`),
    check('payment_quotes_amount_positive', sql`${table.amount} > 0`),
    check('payment_quotes_used_with_transaction', sql`(${table.usedAt} is null) = (${table.transactionId} is null)`),
  ],
);

/**
 * A payment request (packages/domain/src/payment-requests.ts). The id is the unguessable `/pay/{id}`; the
 * reference (32 bytes, hex) travels in the URI and on the send that pays it. Written by payments/payment-requests.ts
 * alone: created and cancelled by its owner, marked paid by the send that carries its reference, in the send's own
 * database transaction. 'expired' is not stored: an open request past `expires_at` reads as expired.
 * A request is written either in its asset (`amount`) or in a currency (`fiat_currency`, `fiat_amount_minor`).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    network: text('network').notNull(),
    asset: text('asset').notNull(),
    /** The wallet's address, canonical form: where the payment goes. */
    toAddress: text('to_address').notNull(),
    /** In the asset's smallest unit, for a request written in the asset. */
    amount: money('amount'),
    fiatCurrency: text('fiat_currency'),
    fiatAmountMinor: money('fiat_amount_minor'),
    note: text('note'),
    displayName: text('display_name').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The send row that paid it. */
    transactionId: uuid('transaction_id').references((): AnyPgColumn => transactions.id),
  },
  (table) => [
    uniqueIndex('payment_requests_reference_idx').on(table.reference),
    index('payment_requests_user_created_idx').on(table.userId, table.createdAt.desc()),
    check(
      'payment_requests_amount_xor_fiat',
      sql`(${table.amount} is not null and ${table.amount} > 0 and ${table.fiatCurrency} is null and ${table.fiatAmountMinor} is null) or (${table.amount} is null and ${table.fiatCurrency} is not null and ${table.fiatAmountMinor} > 0)`,
    ),
    check('payment_requests_paid_with_transaction', sql`(${table.status} = 'paid') = (${table.transactionId} is not null and ${table.paidAt} is not null)`),
    check('payment_requests_cancelled_at', sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`),
  ],
);

/**
 * A user's saved recipients (packages/domain/src/address-book.ts): one network and address each, canonical form,
 * once per user and network. Written by modules/contacts alone.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('contacts_user_network_address_idx').on(table.userId, table.network, table.address)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha-256 of the request as parsed: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

export const fraudAlerts = pgTable(
  'fraud_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    riskLevel: text('risk_level', { enum: ['low', 'medium', 'high'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('fraud_alerts_user_created_idx').on(table.userId, table.createdAt.desc())],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Owned by @socket.io/postgres-adapter: event payloads too large for NOTIFY (its documented table). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

// ---- Market data: prices as they were served, so charts and forecasts have history. ----

/**
 * One row per coin per minute at most (the first price served in that minute wins, whichever process
 * served it). Points older than two days are thinned to one per hour. `source` is the least trustworthy
 * source among the row's figures: seeded history before recording began is 'simulated'.
 */
export const pricePoints = pgTable(
  'price_points',
  {
    tokenId: text('token_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['live', 'simulated', 'fallback'] }).notNull(),
    inr: doublePrecision('inr').notNull(),
    usd: doublePrecision('usd').notNull(),
    eur: doublePrecision('eur').notNull(),
    gbp: doublePrecision('gbp').notNull(),
    jpy: doublePrecision('jpy').notNull(),
    /** Percent. */
    change24h: doublePrecision('change_24h').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenId, table.recordedAt] }),
    index('price_points_recorded_at_idx').on(table.recordedAt),
    check(
      'price_points_prices_not_negative',
      sql`${table.inr} >= 0 and ${table.usd} >= 0 and ${table.eur} >= 0 and ${table.gbp} >= 0 and ${table.jpy} >= 0`,
    ),
  ],
);

/** The next nonce of an account the app signs for outside the wallets (the treasury on a real chain), locked by the grant that uses it. */
export const chainAccounts = pgTable(
  'chain_accounts',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.network, table.address] })],
);

/**
 * The Solana runtime's published state (issue 50, decision 052), one row per network, written by the chain clock's
 * leader only: the blockhash every process signs with (read `for share` by a send, so a rotation, `for update`, waits
 * for it), and a snapshot of the runtime (LiteSVM's `toBytes`, base64) from which a restarted or new leader restores it,
 * then executes again the transactions booked in slots after `snapshot_slot`.
 */
export const solanaRuntime = pgTable('solana_runtime', {
  network: text('network').primaryKey(),
  blockhash: text('blockhash').notNull(),
  snapshot: text('snapshot').notNull(),
  snapshotSlot: bigint('snapshot_slot', { mode: 'bigint' }).notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
});
