import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './confirmations.ts';

/** A transaction's status and type as a client sends them (confirmations.ts). */
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
