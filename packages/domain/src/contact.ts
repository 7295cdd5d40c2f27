import { z } from 'zod';

export const CONTACT_SUBJECTS = ['general', 'support', 'feedback', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General Inquiry',
  support: 'Technical Support',
  feedback: 'Feedback',
  other: 'Other',
};

export const CONTACT_LIMITS = { nameChars: 200, emailChars: 254, messageChars: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Full name is required',
  emailRequired: 'Email address is required',
  emailInvalid: 'Email address is invalid',
  subjectRequired: 'Please select a subject',
  messageRequired: 'Message is required',
} as const;

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
