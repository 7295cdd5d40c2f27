import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES, openPublicPage, skipCookieBanner } from '../support/public-site.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await skipCookieBanner(context, baseURL);
});

for (const { path, heading, title } of PUBLIC_PAGES) {
  test(`${path} shows its own heading and title, inside the site chrome`, async ({ page }) => {
    await openPublicPage(page, path, heading);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

test.describe('home', () => {
  test('leads to sign-up and to the market insights', async ({ page }) => {
    await openPublicPage(page, '/', PUBLIC_PAGES[0].heading);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'View Market Insights' })).toHaveAttribute('href', '/insights');
    await expect(page.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', '/register');
    for (const feature of ['Security first', 'Instant settlements', 'Global coverage']) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    await expect(page.locator('figure blockquote')).toHaveCount(2);
  });

  test('the ticker shows ETH, MATIC, SOL and USDC with a price in rupees and a 24h change', async ({ page }) => {
    await openPublicPage(page, '/', PUBLIC_PAGES[0].heading);
    const ticker = page.getByRole('region', { name: 'Live prices' });
    for (const symbol of ['ETH', 'MATIC', 'SOL', 'USDC']) {
      const item = ticker.getByRole('listitem').filter({ hasText: symbol });
      await expect(item).toHaveText(/₹[\d,]+\.\d{2}/);
      // A zero change (USDC at its peg) is shown without a sign, as every neutral change is.
      await expect(item).toHaveText(/(?:[+-]\d+\.\d{2}|0\.00)%\s*24h/);
    }
  });
});

test.describe('about', () => {
  test('shows the three features, the four figures and links to sign up and contact', async ({ page }) => {
    await openPublicPage(page, '/about', 'About FinCrypt');
    for (const feature of ['AI-assisted insights', 'Security by default', 'Real infrastructure']) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    const figures = page.getByRole('region', { name: 'FinCrypt in numbers' });
    for (const [value, label] of [
      ['99.9%', 'Uptime'],
      ['2.5s', 'Average transaction time'],
      ['$2.5M+', 'Daily volume'],
      ['180+', 'Countries'],
    ] as const) {
      await expect(figures.getByRole('definition').filter({ hasText: value })).toHaveText(value);
      await expect(figures.getByRole('term').filter({ hasText: label })).toHaveText(label);
    }
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  test('the six FAQ answers open and close from the keyboard', async ({ page }) => {
    await openPublicPage(page, '/about', 'About FinCrypt');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    await expect(questions).toHaveCount(6);

    const answer = faq.getByText('Test tokens have no monetary value');
    await expect(answer).toBeHidden();
    await questions.filter({ hasText: 'Does FinCrypt use real cryptocurrency?' }).focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });
});

test.describe('contact', () => {
  test('shows the support address, the reply promise, the form fields and three FAQ items', async ({ page }) => {
    await openPublicPage(page, '/contact', 'Contact Us');
    await expect(page.getByRole('link', { name: 'support@fincrypt.example' })).toHaveAttribute(
      'href',
      'mailto:support@fincrypt.example',
    );
    await expect(page.getByText('We reply to every message within 24 hours.', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await expect(page.getByLabel('Message')).toBeVisible();
    const subject = page.getByLabel('Subject');
    await expect(subject).toHaveValue('');
    await expect(subject.locator('option')).toHaveText([
      'Select a subject',
      'General Inquiry',
      'Technical Support',
      'Feedback',
      'Other',
    ]);
    await expect(page.getByRole('region', { name: 'Frequently asked questions' }).locator('summary')).toHaveCount(3);
  });
});

test.describe('legal', () => {
  test('the index links to the three documents, each last updated February 15, 2024, and gives a legal contact', async ({
    page,
  }) => {
    await openPublicPage(page, '/legal', 'Legal');
    for (const [name, href] of [
      ['Terms of Service', '/legal/terms'],
      ['Privacy Policy', '/legal/privacy'],
      ['Compliance', '/legal/compliance'],
    ] as const) {
      const card = page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(card).toHaveAttribute('href', href);
      await expect(card).toContainText('Last updated February 15, 2024');
    }
    const legalContact = page.getByRole('region', { name: 'Legal Contact' });
    await expect(legalContact.getByRole('link', { name: 'legal@fincrypt.example' })).toHaveAttribute(
      'href',
      'mailto:legal@fincrypt.example',
    );

    await page.getByRole('main').getByRole('link', { name: /^Privacy Policy/ }).click();
    await expect(page).toHaveURL('/legal/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  const DOCUMENTS = [
    {
      path: '/legal/terms',
      title: 'Terms of Service',
      sections: [
        'Acceptance of Terms',
        'Description of Services',
        'User Responsibilities',
        'Intellectual Property',
        'Privacy',
        'Limitation of Liability',
        'Changes to Terms',
        'Contact Information',
      ],
      points: ['Cross-border payments', 'Digital wallets', 'AI fraud detection', 'Transaction monitoring and analytics'],
    },
    {
      path: '/legal/privacy',
      title: 'Privacy Policy',
      sections: [
        'Information We Collect',
        'How We Use Your Information',
        'Data Security',
        'Data Retention',
        'Your Rights',
        'Contact Us',
      ],
      points: [
        'Personal identification',
        'Transaction data',
        'Usage data',
        'Device and connection data',
        'End-to-end encryption',
        'Regular security audits',
        'Access controls',
        'Secure storage',
        'Access',
        'Correct',
        'Delete',
        'Restrict processing',
        'Portability',
      ],
    },
    {
      path: '/legal/compliance',
      title: 'Compliance',
      sections: ['Regulatory Framework', 'Risk Management', 'Security Standards', 'Reporting and Transparency', 'Contact'],
      points: [
        'Anti-money laundering (AML)',
        'Know your customer (KYC)',
        'Data protection',
        'Financial services rules',
        'End-to-end encryption',
        'Multi-factor authentication',
        'Regular security audits',
        'Incident response',
      ],
    },
  ] as const;

  for (const { path, title, sections, points } of DOCUMENTS) {
    test(`${path} lists its ${sections.length} sections and their points`, async ({ page }) => {
      await openPublicPage(page, path, title);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(
        sections.map((section, index) => `${index + 1}. ${section}`),
      );
      await expect(page.locator('article li strong')).toHaveText(points.map((point) => `${point}:`));
      await expect(page.getByText('Last updated: February 15, 2024')).toBeVisible();

      await page.getByRole('link', { name: 'Back to Legal' }).click();
      await expect(page).toHaveURL('/legal');
    });
  }

  test('an unknown legal document leads back to the legal index', async ({ page }) => {
    await page.goto('/legal/cookies');
    await expect(page).toHaveURL('/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
  });
});

test('the footer links to About, Contact, the explorer and the three legal documents and says it is a testnet demo', async ({ page }) => {
  await openPublicPage(page, '/', PUBLIC_PAGES[0].heading);
  const footer = page.getByRole('contentinfo');
  const footerNav = footer.getByRole('navigation', { name: 'Footer' });
  await expect(footerNav.getByRole('link')).toHaveText(['About', 'Contact', 'Explorer', 'Terms of Service', 'Privacy Policy', 'Compliance']);
  await expect(footer).toContainText('testnet-only demonstration');
  await footerNav.getByRole('link', { name: 'Compliance' }).click();
  await expect(page).toHaveURL('/legal/compliance');
});
