import { randomUUID } from 'node:crypto';
import type { ForecastsResponse } from '@fincrypt/domain';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';

/** A valid checksummed address that belongs to no wallet here: the send leaves the system. */
const OUTSIDE_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/** Sends 1.5 ETH from the signed-in account's Ethereum Sepolia wallet, through the API. */
async function sendEth(page: Page): Promise<void> {
  const walletsResponse = await page.request.get('/api/wallets');
  expect(walletsResponse.status()).toBe(200);
  const { wallets } = (await walletsResponse.json()) as { wallets: { id: string; network: string }[] };
  const wallet = wallets.find((candidate) => candidate.network === 'eth_sepolia');
  if (!wallet) throw new Error('no Ethereum Sepolia wallet');
  const response = await page.request.post('/api/transactions', {
    headers: { 'idempotency-key': randomUUID() },
    data: { walletId: wallet.id, to: OUTSIDE_ADDRESS, amount: '1.5' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** A chart still waiting to draw (its place comes near the screen, and the charts chunk has arrived). */
const waitingCharts = (page: Page) => page.getByText('Loading chart', { exact: true });

/**
 * Reads the page down to its end a screen at a time, as a reader scrolls, then goes back to the top: a chart draws
 * only when its place comes near the screen, so this is what draws every chart below the fold.
 */
async function scrollThroughPage(page: Page): Promise<void> {
  for (let screens = 0; screens < 30; screens++) {
    const isAtEnd = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // Two frames: the browser checks what came near the screen (IntersectionObserver) once per frame.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (isAtEnd) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The page as it first shows: its figures, with the charts below the fold still waiting to draw. */
async function openInsightsFigures(page: Page): Promise<void> {
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Market Insights' })).toBeVisible();
}

/** The page read to its end once, so that every chart has drawn. */
async function openInsights(page: Page): Promise<void> {
  await openInsightsFigures(page);
  await scrollThroughPage(page);
  // The charts arrive in their own chunk, after the price history: wait until the price chart has drawn its line.
  // On a loaded two-core machine that took longer than the default 10 s once (a full run, issue 16).
  await expect(page.getByTestId('price-analysis-chart').locator('[data-series="price"]')).toBeVisible({ timeout: 30_000 });
  await expect(waitingCharts(page)).toHaveCount(0);
}

async function chooseCurrency(page: Page, currency: 'inr' | 'usd' | 'eur' | 'gbp' | 'jpy'): Promise<void> {
  await page.getByLabel('Display currency').first().selectOption(currency);
}

const priceCaption = (page: Page) => region(page, 'Price Analysis').locator('figcaption');
const priceAxisTicks = (page: Page) => page.getByTestId('price-analysis-chart').locator('[data-axis="x"] [data-tick]');

/** "₹194,385.00" → 194385; "-$12.50" → -12.5. */
function moneyValue(text: string): number {
  return Number(text.replace(/[^\d.-]/g, ''));
}

test.describe('AI Market Insights', () => {
  test('renders every section: stats, sentiment, prices, charts, order book, forecasts, protection and alerts', async ({ page, account: _account }) => {
    await openInsights(page);
    await expect(page.getByText('Live Updates')).toBeVisible();

    const stats = region(page, 'Platform activity in the last 24 hours');
    for (const label of ['24h Volume', 'Active Users', 'Avg Transaction', 'TPS']) {
      await expect(stats.getByRole('listitem').filter({ hasText: label })).toContainText(/vs previous 24h|no volume the day before|nobody active the day before|no sends the day before/);
    }

    const sentiment = region(page, 'Market Sentiment');
    await expect(sentiment).toContainText(/Bullish|Mildly Bullish|Neutral|Cautious/);
    await expect(sentiment).toContainText(/Confidence \d+%/);
    await expect(sentiment.getByRole('listitem')).toHaveCount(3);

    const prices = region(page, 'Live Prices');
    for (const pair of ['ETH/INR', 'MATIC/INR', 'SOL/INR', 'USDC/INR']) await expect(prices.getByText(pair)).toBeVisible();

    await expect(priceCaption(page)).toContainText('ETH in INR over the last 30 days');
    expect(await priceAxisTicks(page).count()).toBeLessThanOrEqual(7);

    await expect(region(page, /Market Depth/).locator('figcaption')).toContainText(/100 bid levels .* 100 ask levels/);

    const orderBook = region(page, /Order Book/);
    for (const side of ['Bids (buy)', 'Asks (sell)']) {
      const table = orderBook.getByRole('table', { name: side });
      await expect(table.getByRole('columnheader')).toHaveText([/^Price \(INR\)$/, /^Amount \(ETH\)$/, /^Total \(INR\)$/]);
      await expect(table.locator('tbody tr')).toHaveCount(10);
    }

    await expect(region(page, '24h Volume Analysis').locator('figcaption')).toBeVisible();
    await expect(region(page, '24h Trading Volume').locator('[data-series="volume-by-network"] path').first()).toBeAttached();

    const forecasts = region(page, 'Exchange Rate Forecast');
    await expect(forecasts.getByRole('article')).toHaveCount(3);
    for (const name of ['ETH to INR forecast', 'MATIC to INR forecast', 'SOL to INR forecast']) {
      const card = forecasts.getByRole('article', { name });
      await expect(card).toContainText(/AI confidence \d+%/);
      for (const label of ['Current rate', '24h change', 'Predicted 24h', 'Predicted 7d', 'Predicted 30d']) {
        await expect(card.getByText(label, { exact: true })).toBeVisible();
      }
    }
    await forecasts.getByRole('button', { name: 'How forecasts are made' }).click();
    await expect(page.getByRole('dialog', { name: 'How forecasts are made' })).toContainText("Holt's");
    await expect(page.getByRole('dialog', { name: 'How forecasts are made' })).toContainText('backtest');
    await page.keyboard.press('Escape');

    const protection = region(page, 'AI Protection');
    await expect(protection.getByRole('meter', { name: 'Risk score' })).toHaveAttribute('aria-valuenow', '0');
    await expect(protection).toContainText('Low risk');
    for (const feature of ['Fraud Detection', 'Transaction Monitoring', 'AI Risk Analysis']) {
      await expect(protection.getByRole('listitem').filter({ hasText: feature })).toContainText('Active');
    }
    await expect(region(page, 'Fraud Alerts')).toContainText('No fraud alerts at this time');
  });

  test('a method explanation opens with Enter or Space, closes with Escape (focus back on its button) or a click outside, and fits a phone', async ({
    page,
    account: _account,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openInsightsFigures(page);
    await scrollThroughPage(page);
    const button = region(page, 'Exchange Rate Forecast').getByRole('button', { name: 'How forecasts are made' });
    const explanation = page.getByRole('dialog', { name: 'How forecasts are made' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(explanation).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(explanation).toContainText("Holt's");
    await expect(explanation).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAttribute('aria-controls', (await explanation.getAttribute('id'))!);
    // Whole on the phone's screen, beside its button (under it, or above it where the screen has no room below: Radix
    // flips it), and above whatever the page has under it.
    await explanation.scrollIntoViewIfNeeded();
    // Both boxes from one frame: charts drawing as they come near the screen can move the page between two reads, and
    // Radix moves the panel on the frame after a scroll; so the layout is read again until it has settled.
    await expect(async () => {
      const [panel, trigger] = await explanation.evaluate((element) => {
        const opener = document.querySelector(`[aria-controls="${element.id}"]`);
        if (!opener) throw new Error('no button controls the explanation');
        return [element.getBoundingClientRect().toJSON(), opener.getBoundingClientRect().toJSON()] as { x: number; y: number; width: number; height: number }[];
      });
      if (!panel || !trigger) throw new Error('no boxes');
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(375);
      expect(panel.y).toBeGreaterThanOrEqual(0);
      expect(panel.y + panel.height).toBeLessThanOrEqual(800);
      const isBelow = panel.y >= trigger.y + trigger.height;
      const isAbove = panel.y + panel.height <= trigger.y;
      expect(isBelow || isAbove, `the explanation (${panel.y}–${panel.y + panel.height}) covers its button (${trigger.y}–${trigger.y + trigger.height})`).toBe(true);
      expect(
        await explanation.evaluate((element) => {
          const { left, top, width, height } = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(left + width / 2, top + height / 2));
        }),
      ).toBe(true);
    }).toPass({ timeout: 10_000 });

    await page.keyboard.press('Escape');
    await expect(explanation).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(explanation).toBeFocused();
    // Radix keeps focus in a panel with nothing to tab to: Tab stays there, Escape leaves.
    await page.keyboard.press('Tab');
    await expect(explanation).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(explanation).toBeHidden();

    await button.click();
    await expect(explanation).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(explanation).toBeHidden();

    // The sentiment's explanation works the same way; opening one closes the other.
    const sentiment = page.getByRole('dialog', { name: 'How the sentiment is read' });
    await region(page, 'Market Sentiment').getByRole('button', { name: 'How the sentiment is read' }).click();
    await expect(sentiment).toBeVisible();
    await button.click();
    await expect(sentiment).toBeHidden();
    await expect(explanation).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(explanation).toBeHidden();
  });

  test('on a phone, the charts and sections below the first screen draw, and ask for their data, only when scrolled towards', async ({
    page,
    account: _account,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const asked = new Set<string>();
    page.on('request', (request) => asked.add(new URL(request.url()).pathname));
    const belowTheFold = ['/api/insights/order-book', '/api/insights/forecasts', '/api/risk', '/api/alerts'];
    const waitingSections = ['Loading the order book', 'Loading the forecasts', 'Loading the protection score', 'Loading the fraud alerts'];
    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'AI Market Insights' })).toBeVisible();
    // The figures above the fold are there, the four charts and the sections below wait in their places.
    await expect(region(page, 'Market Sentiment')).toBeVisible();
    await expect(waitingCharts(page)).toHaveCount(4);
    await page.waitForLoadState('networkidle');
    await expect(waitingCharts(page)).toHaveCount(4);
    for (const label of waitingSections) await expect(page.getByText(label, { exact: true })).toHaveCount(1);
    expect(belowTheFold.filter((path) => asked.has(path))).toEqual([]);
    // Readable before it is drawn: every section's heading and summary are on the page already (find-in-page and a
    // screen reader's heading list find them), each in a place of about its final size.
    for (const heading of ['Price Analysis', 'Market Depth', 'Order Book', '24h Volume Analysis', '24h Trading Volume', 'Exchange Rate Forecast', 'AI Protection', 'Fraud Alerts']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toHaveCount(1);
    }
    await expect(region(page, 'Exchange Rate Forecast')).toContainText('expected rate in 24 hours, 7 and 30 days');
    expect((await region(page, 'Exchange Rate Forecast').boundingBox())!.height).toBeGreaterThan(300);

    await scrollThroughPage(page);
    for (const label of waitingSections) await expect(page.getByText(label, { exact: true })).toHaveCount(0);
    await expect.poll(() => belowTheFold.filter((path) => asked.has(path))).toEqual(belowTheFold);
    await expect(region(page, 'Exchange Rate Forecast').getByRole('article')).toHaveCount(3);
    await expect(waitingCharts(page)).toHaveCount(0);
    await expect(page.getByTestId('price-analysis-chart').locator('[data-series="price"]')).toBeVisible();
    await expect(region(page, '24h Trading Volume').locator('[data-series="volume-by-network"] path').first()).toBeAttached();
  });

  test('asks for the charts only once the page has painted its figures', async ({ page, account: _account }) => {
    await openInsights(page);
    // From the browser's own timeline: when the first text was painted, and when the charts chunk was asked for.
    const timeline = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      chartsRequested: performance.getEntriesByType('resource').find((entry) => /\/assets\/charts-[\w-]+\.js$/.test(entry.name))?.startTime,
    }));
    expect(timeline.firstContentfulPaint).toBeDefined();
    expect(timeline.chartsRequested).toBeDefined();
    expect(timeline.chartsRequested!).toBeGreaterThan(timeline.firstContentfulPaint!);
  });

  test('a send shows up in the ledger figures, the risk score and the fraud alerts', async ({ page, account: _account }) => {
    await sendEth(page);
    await openInsights(page);
    const stats = region(page, 'Platform activity in the last 24 hours');
    await expect(stats.getByRole('listitem').filter({ hasText: 'Active Users' }).locator('p.font-mono')).toHaveText(/^[1-9][\d,]*$/);
    expect(moneyValue(await stats.getByRole('listitem').filter({ hasText: '24h Volume' }).locator('p.font-mono').innerText())).toBeGreaterThan(0);
    await expect(region(page, '24h Volume Analysis').locator('figcaption')).toContainText(/transactions? worth ₹/);
    const meter = region(page, 'AI Protection').getByRole('meter', { name: 'Risk score' });
    await expect(meter).not.toHaveAttribute('aria-valuenow', '0');
    const alerts = region(page, 'Fraud Alerts').getByRole('listitem');
    await expect(alerts.first()).toContainText(/HIGH|MEDIUM|LOW/);
    await expect(alerts.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  });

  test('the coin and period selectors change the price chart, with at most 7 dates on its axis', async ({ page, account: _account }) => {
    await openInsights(page);
    const line = page.getByTestId('price-analysis-chart').locator('[data-series="price"]');
    const ethPath = await line.getAttribute('d');

    const coin = page.getByRole('group', { name: 'Coin' });
    await coin.getByRole('button', { name: 'SOL' }).click();
    await expect(coin.getByRole('button', { name: 'SOL' })).toHaveAttribute('aria-pressed', 'true');
    await expect(priceCaption(page)).toContainText('SOL in INR over the last 30 days');
    await expect(line).not.toHaveAttribute('d', ethPath ?? '');
    await expect(page.getByRole('heading', { name: 'Order Book · SOL/INR' })).toBeVisible();

    const period = page.getByRole('group', { name: 'Period' });
    for (const days of [7, 14, 90, 30]) {
      const pathBefore = await line.getAttribute('d');
      await period.getByRole('button', { name: `${days}D` }).click();
      await expect(priceCaption(page)).toContainText(`SOL in INR over the last ${days} days`);
      await expect(line).not.toHaveAttribute('d', pathBefore ?? '');
      const ticks = await priceAxisTicks(page).count();
      expect(ticks).toBeGreaterThan(1);
      expect(ticks).toBeLessThanOrEqual(7);
    }

    await coin.getByRole('button', { name: 'MATIC' }).click();
    await expect(priceCaption(page)).toContainText('MATIC in INR over the last 30 days');
  });

  test('pointing at a chart shows the values there: the last price at the right end, each block\'s volume by network', async ({ page, account: _account }) => {
    await sendEth(page);
    await openInsights(page);
    const tooltip = (chart: Locator) => chart.locator('[data-chart-tooltip]');
    /** Puts the pointer on the chart's plot, `share` of the way across it, and reads the tooltip there. */
    const readAt = async (chart: Locator, share: number) => {
      await chart.scrollIntoViewIfNeeded();
      const plot = (await chart.locator('[data-chart-pointer]').boundingBox())!;
      await page.mouse.move(plot.x + plot.width * share, plot.y + plot.height / 2);
      await expect(tooltip(chart)).toBeVisible();
      return (await tooltip(chart).textContent()) ?? '';
    };
    // Other journeys send meanwhile and the page reads its figures again every 15 s: each comparison is retried
    // until the caption and the tooltips were read from the same answer.
    const price = page.getByTestId('price-analysis-chart');
    await expect(async () => {
      const atRightEnd = await readAt(price, 0.999);
      const lastPrice = /to (₹[\d,]+\.\d{2}) \(/.exec(await priceCaption(page).innerText())![1]!;
      expect(atRightEnd).toContain(`ETH price:${lastPrice}`);
    }).toPass();
    await page.mouse.move(0, 0);
    await expect(tooltip(price)).toHaveCount(0);

    // The 24 hours' tooltips add up, network by network, to the caption's 24-hour totals.
    const byNetwork = region(page, '24h Trading Volume');
    const networks = ['Ethereum Sepolia', 'Polygon Amoy', 'Solana Devnet'];
    const figureOf = (text: string, network: string, separator: string) =>
      moneyValue(new RegExp(`${network}${separator}(₹[\\d,]+\\.\\d{2})`).exec(text)![1]!);
    await expect(async () => {
      const sums = networks.map(() => 0);
      for (let hour = 0; hour < 24; hour++) {
        const text = await readAt(byNetwork, (hour + 0.5) / 24);
        networks.forEach((network, index) => (sums[index]! += figureOf(text, network, ':\\s*')));
      }
      const caption = await byNetwork.locator('figcaption').innerText();
      networks.forEach((network, index) => expect(sums[index], network).toBeCloseTo(figureOf(caption, network, ' '), 1));
      expect(sums[0]).toBeGreaterThan(0);
    }).toPass();
  });

  test('changing the display currency changes every fiat figure on the page', async ({ page, account: _account }) => {
    await sendEth(page);
    await openInsights(page);
    const fiatRegions = [
      'Platform activity in the last 24 hours',
      'Live Prices',
      'Price Analysis',
      /Market Depth/,
      /Order Book/,
      '24h Volume Analysis',
      '24h Trading Volume',
      'Exchange Rate Forecast',
    ];
    for (const name of fiatRegions) await expect(region(page, name)).toContainText('₹');
    const ethInRupees = moneyValue(await region(page, 'Live Prices').getByRole('listitem').filter({ hasText: 'ETH/INR' }).locator('p.font-mono').innerText());

    await chooseCurrency(page, 'usd');
    for (const name of fiatRegions) {
      await expect(region(page, name)).toContainText('$');
      await expect(region(page, name)).not.toContainText('₹');
    }
    await expect(region(page, 'Live Prices').getByText('ETH/USD')).toBeVisible();
    await expect(priceCaption(page)).toContainText('ETH in USD');
    await expect(page.getByRole('table', { name: 'Bids (buy)' }).getByRole('columnheader').first()).toHaveText('Price (USD)');
    await expect(region(page, 'Exchange Rate Forecast').getByRole('article', { name: 'ETH to USD forecast' })).toBeVisible();
    const ethInDollars = moneyValue(await region(page, 'Live Prices').getByRole('listitem').filter({ hasText: 'ETH/USD' }).locator('p.font-mono').innerText());
    expect(ethInDollars).toBeGreaterThan(0);
    expect(ethInDollars).toBeLessThan(ethInRupees / 10);

    // Yen has no decimals.
    await chooseCurrency(page, 'jpy');
    await expect(region(page, 'Live Prices').getByRole('listitem').filter({ hasText: 'ETH/JPY' }).locator('p.font-mono')).toHaveText(/^¥[\d,]+$/);
    await page.reload();
    await expect(region(page, 'Live Prices').getByText('ETH/JPY')).toBeVisible();
  });

  test('forecast figures are green when they point up and red when they point down', async ({ page, account: _account }) => {
    await openInsightsFigures(page);
    await scrollThroughPage(page);
    const cards = region(page, 'Exchange Rate Forecast').getByRole('article');
    await expect(cards).toHaveCount(3);
    let checked = 0;
    for (const card of await cards.all()) {
      const current = moneyValue(await card.getByText('Current rate', { exact: true }).locator('xpath=following-sibling::dd').innerText());
      for (const figure of await card.locator('[data-direction]').all()) {
        const direction = await figure.getAttribute('data-direction');
        const predicted = moneyValue(await figure.innerText());
        // The arrow and colour follow the percent as shown under the figure.
        const percent = (await figure.locator('xpath=following-sibling::span').innerText()).trim();
        const [red, green] = await colourOf(figure);
        // Prices show to the cent while the percent is of the exact figures: a move under half a cent shows the same
        // price beside a signed percent (₹85.90 → ₹85.90, -0.01%), never a price on the wrong side.
        if (percent.startsWith('+')) {
          expect(predicted).toBeGreaterThanOrEqual(current);
          expect(direction).toBe('up');
          expect(green, 'an upward forecast is green').toBeGreaterThan(red);
        } else if (percent.startsWith('-')) {
          expect(predicted).toBeLessThanOrEqual(current);
          expect(direction).toBe('down');
          expect(red, 'a downward forecast is red').toBeGreaterThan(green);
        } else {
          expect(percent).toBe('0.00%');
          expect(direction).toBe('flat');
        }
        checked++;
      }
    }
    expect(checked).toBe(9);
  });

  test('a large stat figure is compact (lakh and crore for rupees) and shows in full on hover and on focus', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // 1.5 ETH is worth well over ₹1,00,000, so the platform's 24h volume is at least that.
    await sendEth(page);
    await openInsightsFigures(page);
    const card = region(page, 'Platform activity in the last 24 hours').getByRole('listitem').filter({ hasText: '24h Volume' });
    const figure = card.locator('p.font-mono > span[tabindex="0"]');
    await expect(figure).toHaveText(/^₹[\d.]+(L|Cr)/);
    const tooltip = card.locator('[role="tooltip"]');
    await expect(tooltip).toBeHidden();
    await expect(tooltip).toHaveText(/^₹[\d,]+\.\d{2}$/, { useInnerText: false });
    // The compact figure and the full one agree.
    const full = moneyValue((await tooltip.textContent()) ?? '');
    const compactText = (await figure.innerText()).trim();
    const compact = Number(compactText.replace(/[^\d.]/g, '')) * (compactText.includes('Cr') ? 1e7 : 1e5);
    expect(Math.abs(compact - full) / full).toBeLessThan(0.01);
    // The card's figure fits: nothing cut off.
    expect(await card.locator('p.font-mono').evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);

    await figure.hover();
    await expect(tooltip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
    await figure.focus();
    await expect(figure).toBeFocused();
    await expect(tooltip).toBeVisible();
    await expect(figure).toHaveAccessibleDescription(/^₹[\d,]+\.\d{2}$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('a forecast change that rounds to zero is neutral: no arrow up or down, no sign, no red or green', async ({ page, account: _account }) => {
    // The server's own forecasts, with ETH's 24h change and 24h forecast made tiny enough to show as 0.00%.
    await page.route('**/api/insights/forecasts?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ForecastsResponse;
      for (const forecast of body.forecasts.filter((candidate) => candidate.token === 'ethereum')) {
        forecast.change24hPercent = -0.003;
        forecast.change24h = -forecast.currentRate * 0.00003;
        forecast.expectedChangePercent.h24 = -0.004;
        forecast.predictedRate24h = forecast.currentRate * (1 - 0.00004);
      }
      await route.fulfill({ response, json: body });
    });
    await openInsightsFigures(page);
    await scrollThroughPage(page);
    const card = region(page, 'Exchange Rate Forecast').getByRole('article', { name: 'ETH to INR forecast' });
    const predicted = card.getByText('Predicted 24h', { exact: true }).locator('xpath=following-sibling::dd');
    await expect(predicted.locator('[data-direction]')).toHaveAttribute('data-direction', 'flat');
    await expect(predicted).toContainText('■');
    await expect(predicted).not.toContainText(/[▲▼]/);
    await expect(predicted).toContainText('0.00%');
    await expect(predicted).not.toContainText(/[+-]0\.00%/);
    const change = card.getByText('24h change', { exact: true }).locator('xpath=following-sibling::dd');
    await expect(change).toContainText('0.00%');
    expect((await change.innerText()).trim()).toMatch(/^₹[\d,.]+\s+0\.00%$/);
    for (const figure of [predicted.locator('[data-direction]'), change]) {
      const [red, green] = await colourOf(figure);
      expect(Math.abs(red - green), 'a neutral figure is neither red nor green').toBeLessThan(40);
    }
    await expectNoSeriousA11yViolations(page);
  });

  test('the price and volume axes show round ticks', async ({ page, account: _account }) => {
    await sendEth(page);
    await openInsights(page);
    for (const chart of [page.getByTestId('price-analysis-chart'), region(page, '24h Trading Volume')]) {
      const labels = chart.locator('[data-axis="left"] text');
      await expect.poll(() => labels.count()).toBeGreaterThanOrEqual(2);
      const values = (await labels.allTextContents()).map((text) => {
        const number = Number(text.replace(/[^\d.]/g, ''));
        return text.includes('K') ? number * 1e3 : text.includes('M') ? number * 1e6 : number;
      });
      const step = values[1]! - values[0]!;
      const mantissa = Number((step / 10 ** Math.floor(Math.log10(step) + 1e-9)).toFixed(6));
      expect([1, 2, 5], `ticks ${values.join(', ')}`).toContain(mantissa);
      for (const value of values) expect(Number((value / step).toFixed(6)) % 1).toBe(0);
    }
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious accessibility violations in ${colorScheme} mode, with the method explained`, async ({ browser, baseURL }) => {
      // A sign-up and two scans of the longest page, every chart drawn: 40–60 s beside another worker on a loaded
      // two-core machine (the eighteenth session's), where the default 60 s ran out.
      test.slow();
      const context = await browser.newContext({ colorScheme, baseURL });
      await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL! }]);
      const page = await context.newPage();
      const id = randomUUID().slice(0, 8);
      const signUp = await page.request.post('/api/auth/sign-up/email', {
        data: { name: `Axe ${id}`, email: `axe-${id}@example.com`, password: `pass-${id}-word` },
      });
      expect(signUp.status()).toBe(200);
      await openInsights(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      await expect(region(page, 'Exchange Rate Forecast').getByRole('article')).toHaveCount(3);
      await expectNoSeriousA11yViolations(page);
      await region(page, 'Exchange Rate Forecast').getByRole('button', { name: 'How forecasts are made' }).click();
      await expect(page.getByRole('dialog', { name: 'How forecasts are made' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });
  }

  test('is usable 375 px wide: nothing overflows sideways and the selectors still work', async ({ page, account: _account }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openInsights(page);
    await expect(region(page, 'Fraud Alerts')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90D' }).click();
    await expect(priceCaption(page)).toContainText('over the last 90 days');
    expect(await priceAxisTicks(page).count()).toBeLessThanOrEqual(7);
  });
});

/** The [red, green] of an element's computed text colour (oklch colours come back as rgb or lab from Chromium). */
async function colourOf(element: Locator): Promise<[number, number]> {
  return element.evaluate((node) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(node).color;
    context.fillRect(0, 0, 1, 1);
    const [red, green] = context.getImageData(0, 0, 1, 1).data;
    return [red!, green!] as [number, number];
  });
}
