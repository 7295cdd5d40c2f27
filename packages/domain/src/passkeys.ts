/** Passkeys (WebAuthn): the rules for their names and the words the screens use. Schemas: passkey-schemas.ts. */

export const PASSKEY_NAME_MAX_CHARS = 64;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey name can be at most ${PASSKEY_NAME_MAX_CHARS} characters`,
  notAnswer: "That is not a passkey's answer",
  passkeyRequired: 'Choose a passkey',
} as const;

/** One passkey as Account Settings lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by its provider (iCloud Keychain, Google Password Manager…), or bound to one device. */
  isSynced: boolean;
}
