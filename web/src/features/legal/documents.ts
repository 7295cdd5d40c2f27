/** The three legal documents, kept as data so the index and the document pages share one source. */

export const LEGAL_LAST_UPDATED = 'February 15, 2024';
export const LEGAL_EMAIL = 'legal@fincrypt.example';

export const LEGAL_DOCUMENT_SLUGS = ['terms', 'privacy', 'compliance'] as const;
export type LegalDocumentSlug = (typeof LEGAL_DOCUMENT_SLUGS)[number];

export interface LegalPoint {
  term: string;
  text: string;
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  points?: LegalPoint[];
}

export interface LegalDocument {
  slug: LegalDocumentSlug;
  title: string;
  /** One sentence for the legal index card. */
  summary: string;
  sections: LegalSection[];
}

const contactParagraph = (topic: string) =>
  `Questions about ${topic} can be sent to ${LEGAL_EMAIL}. We reply within 24 hours.`;

const TERMS: LegalDocument = {
  slug: 'terms',
  title: 'Terms of Service',
  summary: 'The rules for using FinCrypt, what the service offers and what we and you are each responsible for.',
  sections: [
    {
      heading: 'Acceptance of Terms',
      paragraphs: [
        'By creating an account or using FinCrypt you agree to these terms. If you do not agree, please do not use the service.',
        'FinCrypt is a demonstration. It runs only on public test networks, and the tokens it handles have no monetary value. No real money or real cryptocurrency is ever moved.',
      ],
    },
    {
      heading: 'Description of Services',
      paragraphs: ['FinCrypt shows how cross-border payments can work on public blockchains. The service includes:'],
      points: [
        {
          term: 'Cross-border payments',
          text: 'sending test tokens to any address on Ethereum Sepolia, Polygon Amoy or Solana Devnet, with the fee shown before you confirm.',
        },
        {
          term: 'Digital wallets',
          text: 'one wallet per network, each with its own key pair, funded with test tokens when you first sign in.',
        },
        {
          term: 'AI fraud detection',
          text: 'rules that compare each payment with your history and warn about unusual amounts, new recipients, bursts of payments and look-alike addresses.',
        },
        {
          term: 'Transaction monitoring and analytics',
          text: 'live confirmation tracking, a transaction history, an explorer view and market insights.',
        },
      ],
    },
    {
      heading: 'User Responsibilities',
      paragraphs: [
        'Keep your password and any two-factor codes to yourself, and tell us at once if you think someone else has used your account.',
        'Do not use FinCrypt to test attacks on other people, to overload the service, or to store information that is not yours to share. Do not send real funds to the test addresses shown in the app: they exist only on test networks.',
      ],
    },
    {
      heading: 'Intellectual Property',
      paragraphs: [
        'The FinCrypt name, design and software belong to the FinCrypt team. You may use the service for your own evaluation, but you may not copy or resell it.',
        'Anything you write to us, such as feedback, stays yours; by sending it you allow us to use it to improve FinCrypt.',
      ],
    },
    {
      heading: 'Privacy',
      paragraphs: [
        'How we collect, use and protect your information is described in our Privacy Policy, which forms part of these terms.',
      ],
    },
    {
      heading: 'Limitation of Liability',
      paragraphs: [
        'FinCrypt is provided as it is, for demonstration. Test networks can be slow, reset or stop, and balances, prices, forecasts and risk scores may be simulated or inaccurate.',
        'Nothing in FinCrypt is financial advice. To the extent the law allows, we are not liable for losses arising from decisions you make based on the demonstration.',
      ],
    },
    {
      heading: 'Changes to Terms',
      paragraphs: [
        'We may update these terms as the demonstration changes. The date at the bottom of this page shows the latest version; if a change is significant we will say so in the app before it applies.',
      ],
    },
    {
      heading: 'Contact Information',
      paragraphs: [contactParagraph('these terms')],
    },
  ],
};

const PRIVACY: LegalDocument = {
  slug: 'privacy',
  title: 'Privacy Policy',
  summary: 'What information FinCrypt collects, why, how it is protected and the rights you have over it.',
  sections: [
    {
      heading: 'Information We Collect',
      paragraphs: ['We collect only what the service needs to work:'],
      points: [
        { term: 'Personal identification', text: 'your name, email address and, if you choose one, an avatar.' },
        {
          term: 'Transaction data',
          text: 'your wallet addresses, the test payments you send and receive, their fees, status and confirmations.',
        },
        { term: 'Usage data', text: 'the pages you open and the actions you take, so we can find and fix problems.' },
        {
          term: 'Device and connection data',
          text: 'your IP address, browser type and the times you sign in, used to keep your account secure.',
        },
      ],
    },
    {
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information to run your account and wallets, to show your transaction history, to warn you about payments that look risky, to answer your messages and to keep the service secure.',
        'We do not sell your information and we do not use it for advertising. FinCrypt sets only the cookies it needs to keep you signed in and to remember your cookie choice; your theme and display currency are stored in your browser.',
      ],
    },
    {
      heading: 'Data Security',
      paragraphs: ['We protect your information with several layers:'],
      points: [
        {
          term: 'End-to-end encryption',
          text: 'data is encrypted on its way between your browser and our servers, and wallet private keys are encrypted at rest and never leave the server.',
        },
        { term: 'Regular security audits', text: 'we review our code and dependencies for known weaknesses.' },
        {
          term: 'Access controls',
          text: 'you can only see your own wallets and transactions, and staff access is limited to what their work needs.',
        },
        {
          term: 'Secure storage',
          text: 'passwords are stored only as salted hashes, and sessions expire and end on the server when you log out.',
        },
      ],
    },
    {
      heading: 'Data Retention',
      paragraphs: [
        'We keep your account data while your account exists. If you ask us to delete your account, we remove your personal information within 30 days; records of test transactions may stay in anonymised form because the ledger must stay complete.',
        'Messages sent through the contact form are kept only as long as we need them to answer you.',
      ],
    },
    {
      heading: 'Your Rights',
      paragraphs: ['You can ask us at any time to:'],
      points: [
        { term: 'Access', text: 'receive a copy of the information we hold about you.' },
        { term: 'Correct', text: 'fix information that is wrong or incomplete.' },
        { term: 'Delete', text: 'erase your account and personal information.' },
        { term: 'Restrict processing', text: 'limit how we use your information while a question is resolved.' },
        { term: 'Portability', text: 'receive your information in a machine-readable format.' },
      ],
    },
    {
      heading: 'Contact Us',
      paragraphs: [contactParagraph('your privacy or requests about your information')],
    },
  ],
};

const COMPLIANCE: LegalDocument = {
  slug: 'compliance',
  title: 'Compliance',
  summary: 'The regulatory framework FinCrypt is designed around and how we manage risk, security and reporting.',
  sections: [
    {
      heading: 'Regulatory Framework',
      paragraphs: [
        'FinCrypt handles only test tokens with no monetary value, so it is not a regulated financial service. It is nevertheless designed around the rules a production payment service would follow:',
      ],
      points: [
        {
          term: 'Anti-money laundering (AML)',
          text: 'payments are screened for patterns such as bursts of transfers and unusual amounts.',
        },
        {
          term: 'Know your customer (KYC)',
          text: 'every wallet belongs to a registered account; a production deployment would add identity verification at this step.',
        },
        { term: 'Data protection', text: 'personal information is handled as our Privacy Policy describes.' },
        {
          term: 'Financial services rules',
          text: 'fees are shown before a payment is confirmed, and every transaction is recorded with its full history.',
        },
      ],
    },
    {
      heading: 'Risk Management',
      paragraphs: [
        'Each payment receives a risk assessment before it is sent, and your recent activity gets a risk score from low to high. Alerts explain what triggered them, so you can decide whether to go ahead.',
        'Our ledger is checked so that all balances, fees and outgoing transfers always add up to the tokens issued, and no balance can become negative.',
      ],
    },
    {
      heading: 'Security Standards',
      paragraphs: ['Our security practice covers:'],
      points: [
        {
          term: 'End-to-end encryption',
          text: 'connections are encrypted, and private keys are encrypted at rest and never sent to the browser.',
        },
        {
          term: 'Multi-factor authentication',
          text: 'you can protect your account with one-time codes from an authenticator app, plus backup codes.',
        },
        { term: 'Regular security audits', text: 'code, dependencies and configuration are reviewed on a regular schedule.' },
        {
          term: 'Incident response',
          text: 'if something goes wrong we contain it, inform affected users without delay and publish what we changed.',
        },
      ],
    },
    {
      heading: 'Reporting and Transparency',
      paragraphs: [
        'Every transaction can be looked up by its hash in the FinCrypt explorer, showing its status, block, fee and confirmations. We will publish a summary of any security incident and of significant changes to these practices.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [contactParagraph('compliance, or to report suspicious activity,')],
    },
  ],
};

export const LEGAL_DOCUMENTS: Record<LegalDocumentSlug, LegalDocument> = {
  terms: TERMS,
  privacy: PRIVACY,
  compliance: COMPLIANCE,
};

export function findLegalDocument(slug: string | undefined): LegalDocument | undefined {
  return (LEGAL_DOCUMENT_SLUGS as readonly (string | undefined)[]).includes(slug)
    ? LEGAL_DOCUMENTS[slug as LegalDocumentSlug]
    : undefined;
}
