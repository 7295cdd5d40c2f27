import type { Locator } from '@playwright/test';
import { focusContrast } from '../support/focus.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { OUTSIDE_EVM_ADDRESS, TOASTS_SELECTOR, chooseSendWallet, openReview, openSendReceive, reviewStep, sendForm, walletOn } from '../support/send-receive.ts';

/**
 * Selects, amount fields and buttons whose content does not fit their box (a select cut to "…109.9411 ET"): scroll
 * width beyond client width. An address field may scroll its 42 characters, as every wallet's does.
 */
async function cutControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const context = document.createElement('canvas').getContext('2d')!;
    // A select clips its chosen option's text without scrolling: measure the text against the room inside it.
    const isCut = (control: HTMLElement) => {
      if (!(control instanceof HTMLSelectElement)) return control.scrollWidth > control.clientWidth + 1;
      const style = getComputedStyle(control);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(control.selectedOptions[0]?.text ?? '').width > room;
    };
    return Array.from(root.querySelectorAll<HTMLElement>('select, input[inputmode="decimal"], button'))
      .filter((control) => control.offsetParent !== null && isCut(control))
      .map((control) => `${control.tagName.toLowerCase()} "${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? ''}"`);
  });
}

test.describe('Sending on a phone (375 × 812)', () => {
  // With motion, as most people see it: a focus ring must show at once, not fade in.
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'no-preference' });

  test('the send form and the review show every control whole, and every focused control a visible focus ring', async ({ page, account: _account }) => {
    await openSendReceive(page);
    await chooseSendWallet(page, await walletOn(page.request, 'eth_sepolia'));
    const form = sendForm(page);
    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.amount.fill('0.123456');
    expect(await cutControls(form.form)).toEqual([]);
    // Room to read and type an amount (it was about 90 px beside its unit select).
    expect((await form.amount.boundingBox())!.width).toBeGreaterThanOrEqual(160);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Tab through the form: every control that takes focus shows a ring of at least 3:1 against its background.
    await form.wallet.focus();
    const weak: string[] = [];
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      const { name, ratio } = await focusContrast(page);
      if (ratio < 3) weak.push(`${name} (${ratio.toFixed(2)}, ${await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)})`);
      if (await form.submit.evaluate((button) => button === document.activeElement)) break;
    }
    await expect(form.submit).toBeFocused();
    expect(weak).toEqual([]);

    await openReview(page);
    const review = reviewStep(page);
    expect(await cutControls(review.region)).toEqual([]);
    // No figure broken mid-word: each of the review's figures wraps, if at all, between words.
    const brokenWords = await review.region.locator('dd').evaluateAll((figures) =>
      figures.filter((figure) => getComputedStyle(figure).wordBreak === 'break-all' && !/^(0x|[1-9A-HJ-NP-Za-km-z]{32,})/.test(figure.textContent ?? '')).map((figure) => figure.textContent),
    );
    expect(brokenWords).toEqual([]);
    await review.send.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const send = await focusContrast(page);
    expect(send.ratio, send.name).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
  });

  test('the pay page shows the request whole: no cut figure, nothing sideways, its code and wallet link on screen', async ({ page, account: _account }) => {
    const wallet = await walletOn(page.request, 'solana_devnet');
    const created = await page.request.post('/api/payment-requests', {
      data: { walletId: wallet.id, asset: 'USDC', amount: '1234.56', unit: 'eur', displayName: 'Ana Lisboa', note: 'Design work, May' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const request = (await created.json()) as { path: string };
    await page.goto(request.path);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Open in wallet' })).toBeVisible();
    expect(await cutControls(main)).toEqual([]);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
  });
});
