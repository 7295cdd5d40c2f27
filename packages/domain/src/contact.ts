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
