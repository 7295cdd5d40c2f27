import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { sendFormSchema } from '../../lib/schemas.ts';

/** The Send form's fields as typed (lib/schemas.ts): a send without its quote ids, taking the asset select's value as it is. */
export type SendFormInput = z.input<typeof sendFormSchema>;
/** The same fields once the schema accepted them. */
export type SendFormValues = z.output<typeof sendFormSchema>;
/** The Send form's react-hook-form handle, which its pieces (amount, recipient, review) share. */
export type SendFormHandle = UseFormReturn<SendFormInput, unknown, SendFormValues>;
