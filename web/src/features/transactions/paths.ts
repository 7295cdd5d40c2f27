/** The signed-in detail page of one of your transactions. */
export const transactionPath = (hash: string) => `/transaction/${encodeURIComponent(hash)}`;

/** The public explorer page of any transaction. */
export const explorerPath = (hash: string) => `/explorer/${encodeURIComponent(hash)}`;
