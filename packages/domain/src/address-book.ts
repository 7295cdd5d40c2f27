/**
 * Contacts (docs/product.md#contacts): a user's own address book of named recipients, one network each. A saved
 * contact is a known recipient: the first-payment warning does not fire for it, and the look-alike
 * (address-poisoning) warning compares new addresses with it. Addresses are kept in canonical form
 * (validateRecipient: EIP-55 on the EVM networks).
 */

export const ADDRESS_BOOK_LIMITS = {
  nameChars: 50,
  /** Contacts per user. */
  perUser: 200,
} as const;

export const ADDRESS_BOOK_MESSAGES = {
  nameRequired: 'Please enter a name',
  nameTooLong: `The name can be at most ${ADDRESS_BOOK_LIMITS.nameChars} characters`,
  enterAddress: 'Please enter an address',
} as const;
