/** The signed-in detail page of one of your transactions. */
export const transactionPath = (hash: string) => `/transaction/${encodeURIComponent(hash)}`;

/** The public explorer page of any transaction. */
export const explorerPath = (hash: string) => `/explorer/${encodeURIComponent(hash)}`;

/** The signed-in, printable receipt of one of your transactions. */
export const receiptPath = (hash: string) => `/transaction/${encodeURIComponent(hash)}/receipt`;

/** The explorer page as an absolute address (what a printed receipt's QR code holds). */
export const explorerUrl = (hash: string, origin: string) => new URL(explorerPath(hash), origin).toString();

/** The public explorer page of an address: what it holds and every transaction to or from it. */
export const explorerAddressPath = (address: string) => `/explorer/address/${encodeURIComponent(address)}`;

/** The public explorer page of one block of one network. */
export const explorerBlockPath = (network: string, number: number) => `/explorer/block/${encodeURIComponent(network)}/${number}`;
