import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_SUBJECTS } from './contact.ts';

const requiredText = (required: string, maxChars: number, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(maxChars, `${label} must be at most ${maxChars} characters`);

/** One schema for the contact form, its client call and the server route. */
export const contactMessageSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.nameChars, 'Full name'),
  email: requiredText(CONTACT_MESSAGES.emailRequired, CONTACT_LIMITS.emailChars, 'Email address').pipe(
    z.email(CONTACT_MESSAGES.emailInvalid),
  ),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subjectRequired }),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.messageChars, 'Message'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
