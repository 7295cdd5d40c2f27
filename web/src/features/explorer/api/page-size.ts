import { EXPLORER_LIMITS } from '@fincrypt/domain';

/** Rows per page of an address's or a block's transactions. */
export const EXPLORER_PAGE_SIZE = EXPLORER_LIMITS.pageDefault;
