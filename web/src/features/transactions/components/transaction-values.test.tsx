import {
  FALLBACK_PRICES,
  type PaymentQuote,
  type TransactionDetail,
  type ValueAtSend,
  buildTimeline,
  compareCost,
} from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { pricesQueryKey } from '../../prices/index.ts';
import { CostComparisonCard } from './cost-comparison-card.tsx';
import { TransactionReceipt } from './transaction-receipt.tsx';
import { TransactionRow } from './transaction-row.tsx';
import { TransactionTimeline } from './transaction-timeline.tsx';
import { ExplorerValueFacts, OwnValueFacts } from './value-facts.tsx';

const livePrices = Object.fromEntries(Object.entries(FALLBACK_PRICES).map(([id, price]) => [id, { ...price, source: 'fallback' }]));

function Shell({ children, withPrices = true }: { children: ReactNode; withPrices?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  if (withPrices) client.setQueryData(pricesQueryKey, { prices: livePrices, updatedAt: '2026-11-20T10:00:00.000Z' });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  useCurrencyStore.setState({ currency: 'inr' });
});

/** ₹10,000.00 paid for 0.05 ETH, €109.80 to the recipient, $120.00. */
const kept: ValueAtSend = { senderCurrency: 'inr', senderMinor: '1000000', recipientCurrency: 'eur', recipientMinor: '10980', usdCents: '12000', source: 'live' };
const send = makeTransaction({ type: 'send', amount: '0.05', amountUnits: '50000000000000000', valueAtSend: kept });

const timeline = buildTimeline({
  quotedAt: new Date('2026-11-20T09:59:50.000Z'),
  createdAt: new Date('2026-11-20T10:00:00.000Z'),
  includeAt: new Date('2026-11-20T10:00:04.000Z'),
  speed: 'fast',
  status: 'pending',
  confirmations: 3,
  blockNumber: 123456,
  timeScale: 10,
});

const quote: PaymentQuote = {
  id: '99999999-9999-4999-8999-999999999999',
  walletId: send.walletId,
  network: 'eth_sepolia',
  asset: 'ETH',
  feeSymbol: 'ETH',
  from: send.fromAddress,
  to: send.toAddress,
  speed: 'fast',
  fixed: 'sender',
  amount: '0.05',
  amountUnits: '50000000000000000',
  fee: '0.000945',
  feeUnits: '945000000000000',
  gasUsed: '21000',
  gasPriceWei: '45000000000',
  debits: [{ asset: 'ETH', amount: '0.050945', amountUnits: '50945000000000000' }],
  senderCurrency: 'inr',
  recipientCurrency: 'eur',
  rates: {
    assetToSender: '200000',
    assetToRecipient: '2196',
    assetToUsd: '2400',
    feeAssetToSender: '200000',
    feeAssetToUsd: '2400',
    senderToRecipient: '0.01098',
    source: 'live',
    at: '2026-11-20T09:59:50.000Z',
  },
  sender: { amountMinor: '1000000', feeMinor: '18900', totalMinor: '1018900' },
  recipient: { amountMinor: '10980' },
  usdCents: '12000',
  feePercent: '1.89',
  fxMarkupPercent: '0',
  valueInFlight: 'market',
  timeToFinal: 'under 2 min',
  comparison: compareCost({ currency: 'inr', amountMinor: 1000000n, feeMinor: 18900n, timeToFinal: 'under 2 min' }),
  createdAt: '2026-11-20T09:59:50.000Z',
  expiresAt: '2026-11-20T10:00:20.000Z',
};

const detail: TransactionDetail = { ...send, quoteId: quote.id, timeline, quote, blockNumber: 123456, confirmations: 3, status: 'pending' };

/** The element's text as read aloud: each piece of text apart from the next, whitespace collapsed. */
function text(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

describe('value then and value now', () => {
  it('a row shows both: the kept value and the amount at the live price', () => {
    render(
      <Shell>
        <TransactionRow transaction={send} />
      </Shell>,
    );
    // 0.05 ETH at ₹180,400 = ₹9,020.00
    expect(text(screen.getByTestId('transaction-value'))).toBe('₹10,000.00 then · ₹9,020.00 now');
  });

  it("a recipient's row reads in their display currency", () => {
    useCurrencyStore.setState({ currency: 'eur' });
    render(
      <Shell>
        <TransactionRow transaction={{ ...send, type: 'receive' }} />
      </Shell>,
    );
    // 0.05 ETH at €2,046 = €102.30
    expect(text(screen.getByTestId('transaction-value'))).toBe('€109.80 then · €102.30 now');
  });

  it('says "not recorded" for a row that kept no value, and leaves out the value now while prices are unknown', () => {
    render(
      <Shell withPrices={false}>
        <TransactionRow transaction={{ ...send, valueAtSend: null }} />
      </Shell>,
    );
    expect(text(screen.getByTestId('transaction-value'))).toBe('Value then not recorded');
  });

  it('the detail states every kept value and how the value moved since', () => {
    render(
      <Shell>
        <dl>
          <OwnValueFacts transaction={send} />
        </dl>
      </Shell>,
    );
    expect(text(screen.getByTestId('value-then'))).toBe('₹10,000.00');
    expect(screen.getByText('When sent: sender ₹10,000.00 · recipient €109.80 · $120.00 (live price feed)')).toBeTruthy();
    expect(text(screen.getByTestId('value-now'))).toBe('₹9,020.00');
    expect(screen.getByText('-₹980.00 (-9.80%) since it was sent')).toBeTruthy();
  });

  it('the explorer shows only the US-dollar value then, and the value now in the visitor\'s currency with dollars beside it', () => {
    render(
      <Shell>
        <dl>
          <ExplorerValueFacts
            transaction={{
              hash: send.hash,
              network: 'eth_sepolia',
              networkLabel: 'Ethereum Sepolia',
              type: 'transfer',
              asset: 'ETH',
              symbol: 'ETH',
              feeSymbol: 'ETH',
              from: send.fromAddress,
              to: send.toAddress,
              value: '0.05',
              valueUnits: '50000000000000000',
              fee: send.fee,
              feeUnits: send.feeUnits,
              gasUsed: send.gasUsed,
              effectiveGasPrice: send.effectiveGasPrice,
              gasPriceGwei: send.gasPriceGwei,
              status: 'confirmed',
              confirmations: 12,
              blockNumber: 1,
              timestamp: send.timestamp,
              usdValueAtSendCents: '12000',
              timeline: [],
              raw: null,
              replacedHashes: [],
            }}
          />
        </dl>
      </Shell>,
    );
    expect(text(screen.getByTestId('value-then'))).toBe('$120.00');
    expect(text(screen.getByTestId('value-now'))).toBe('₹9,020.00');
    expect(screen.getByText('$110.00 in US dollars')).toBeTruthy();
    expect(screen.getByText('-$10.00 (-8.33%) since it was sent')).toBeTruthy();
    expect(document.body.textContent).not.toContain('€');
  });
});

describe('TransactionTimeline', () => {
  it('lists the steps with their times, marks the current one, and says when the rest are expected', () => {
    render(<TransactionTimeline steps={timeline} />);
    const steps = screen.getAllByTestId('timeline-step');
    expect(steps.map((step) => step.dataset.kind)).toEqual(['quoted', 'broadcast', 'included', ...Array<string>(12).fill('confirmation'), 'final']);
    expect(text(steps[2]!)).toMatch(/^Done: Included in block 123,456 \d{1,2}:\d{2}:04 [AP]M$/);
    expect(text(steps[5]!)).toContain('3 confirmations · High');
    expect(steps[6]!.getAttribute('aria-current')).toBe('step');
    expect(text(steps[6]!)).toMatch(/^In progress: 4 confirmations · High expected about/);
    expect(text(steps.at(-1)!)).toMatch(/^Not yet: Final expected about/);
  });

  it('shows the failed branch', () => {
    const failed = buildTimeline({ ...{ quotedAt: null, createdAt: new Date(), includeAt: new Date(), speed: 'slow', confirmations: 0, blockNumber: null, timeScale: 1 }, status: 'failed' });
    render(<TransactionTimeline steps={failed} />);
    const steps = screen.getAllByTestId('timeline-step');
    expect(steps.map((step) => step.dataset.kind)).toEqual(['broadcast', 'failed']);
    expect(text(steps[1]!)).toBe('Failed: Failed');
  });
});

describe('CostComparisonCard', () => {
  it("puts the send's cost beside a bank wire and the remittance average, in the sender's currency, with its source", () => {
    render(
      <Shell>
        <CostComparisonCard transaction={detail} />
      </Shell>,
    );
    expect(text(screen.getByTestId('cost-row-this-payment'))).toBe('This payment ₹189.00 (1.89%) under 2 min —');
    expect(text(screen.getByTestId('cost-row-bank'))).toBe('Typical bank wire ₹1,148.00 (11.48%) 1–5 business days ₹959.00');
    expect(text(screen.getByTestId('cost-row-global-average'))).toContain('₹618.00 (6.18%)');
    expect(screen.getByRole('link', { name: /World Bank, Remittance Prices Worldwide/ })).toBeTruthy();
    expect(screen.getByTestId('cost-comparison').textContent).toContain('as of Sep 30, 2023');
  });

  it('is not shown to the recipient (the cost is the sender’s)', () => {
    render(
      <Shell>
        <CostComparisonCard transaction={{ ...detail, type: 'receive' }} />
      </Shell>,
    );
    expect(screen.queryByTestId('cost-comparison')).toBeNull();
  });
});

describe('TransactionReceipt', () => {
  it('has every fact: parties, amount, fee, quote and rates, fiat values, times, hash and the explorer QR code', () => {
    const href = `https://fincrypt.example/explorer/${send.hash}`;
    render(<TransactionReceipt transaction={detail} explorerHref={href} issuedAt={new Date('2026-11-20T10:05:00.000Z')} />);
    const receipt = screen.getByTestId('receipt');
    const all = text(receipt);
    for (const fact of [
      send.hash,
      send.fromAddress,
      send.toAddress,
      '0.05 ETH',
      '0.000945 ETH',
      'Gas used 21,000 · Gas price 45.00 Gwei',
      '0.050945 ETH',
      '₹10,000.00',
      '₹189.00 (1.89% of the amount)',
      '₹10,189.00',
      '€109.80',
      '$120.00',
      quote.id,
      'What the sender pays',
      '1 ETH = ₹200,000.00',
      '1 ETH = €2,196.00',
      '1 ETH = $2,400.00',
      '₹1.00 = €0.01098',
      '0% (nothing is converted',
      'Included in block 123,456',
    ]) {
      expect(all, fact).toContain(fact);
    }
    expect(within(receipt).getByRole('img', { name: "QR code of this transaction's public explorer page" })).toBeTruthy();
    expect(within(receipt).getByTestId('receipt-explorer-link').getAttribute('href')).toBe(href);
  });

  it('says "not recorded" when no fiat value was kept, and leaves out the quote when there was none', () => {
    render(<TransactionReceipt transaction={{ ...detail, valueAtSend: null, quote: null, quoteId: null }} explorerHref="https://x.example/explorer/0x1" issuedAt={new Date()} />);
    const all = text(screen.getByTestId('receipt'));
    expect(all).toContain('Fiat values not recorded');
    expect(all).not.toContain('Quote and rates');
  });
});
