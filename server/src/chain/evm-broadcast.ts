import { type Hash, type Hex, type PublicClient, keccak256 } from 'viem';

/**
 * Handing a signed EVM transaction to a node (eth_sendRawTransaction) and reading its answer (issue 49, item 5).
 * The outbox calls this for every transaction stored and not yet known to be included, after the send commits and
 * again after any restart, so a second hand-over of the same bytes is normal and is not an error.
 */

/** Why a node refused a transaction, as the app acts on it. */
export type BroadcastRefusal =
  /** The sender's nonce is past this one: it was included (look for its receipt) or another took its nonce. */
  | 'nonce_too_low'
  /** A transaction with this nonce is pending and this one does not pay enough more to replace it. */
  | 'replacement_underpriced'
  /** The sender cannot pay the value and the fee cap. */
  | 'insufficient_funds'
  /** Anything else the node said: the message is kept as its reason. */
  | 'other';

export type BroadcastOutcome = { kind: 'accepted'; hash: Hash } | { kind: 'refused'; hash: Hash; refusal: BroadcastRefusal; message: string };

/** Node messages (Anvil, geth, Erigon and the providers in front of them) and what they mean. */
const REFUSALS: readonly [RegExp, BroadcastRefusal][] = [
  [/nonce too low|nonce has already been used|already been mined/i, 'nonce_too_low'],
  [/replacement (transaction )?underpriced|replacement fee too low/i, 'replacement_underpriced'],
  [/insufficient funds|insufficient balance/i, 'insufficient_funds'],
];
/** The node already holds these very bytes: as good as accepted. */
const ALREADY_KNOWN = /already known|already imported|known transaction|transaction already exists/i;

/** The JSON-RPC error's own message, under the wrappers an HTTP client adds. */
function nodeMessage(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error) {
    const details = (current as { details?: unknown }).details;
    if (typeof details === 'string' && details !== '') return details;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Classifies a node's refusal message. */
export function refusalOf(message: string): BroadcastRefusal {
  return REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? 'other';
}

/** Sends the signed bytes; the hash is always keccak-256 of them, whatever the node answers. */
export async function broadcastRawTransaction(client: PublicClient, raw: Hex): Promise<BroadcastOutcome> {
  const hash = keccak256(raw);
  try {
    await client.request({ method: 'eth_sendRawTransaction', params: [raw] });
    return { kind: 'accepted', hash };
  } catch (error) {
    const message = nodeMessage(error);
    if (ALREADY_KNOWN.test(message)) return { kind: 'accepted', hash };
    return { kind: 'refused', hash, refusal: refusalOf(message), message };
  }
}
