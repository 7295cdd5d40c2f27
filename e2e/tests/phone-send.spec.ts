import type { Locator, Page } from '@playwright/test';
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

/** The focus outline's contrast against what is behind it (WCAG 1.4.11 asks for 3:1), for the focused element. */
async function focusContrast(page: Page): Promise<{ name: string; ratio: number }> {
  return page.evaluate(async () => {
    // Two frames after focus: a ring that fades in (a colour transition from the text's white) is still faint then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Any CSS colour (Tailwind's are oklab/oklch) as sRGB + alpha, through a canvas pixel.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const parse = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const ring = style.outlineStyle === 'none' || style.outlineWidth === '0px' ? undefined : parse(style.outlineColor);
    // The outline sits just outside the element: the first opaque background of an ancestor is what it is seen against.
    let behind: number[] = [255, 255, 255];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = parse(getComputedStyle(node).backgroundColor);
      if ((background[3] ?? 0) > 0.5) {
        behind = background;
        break;
      }
    }
    const labelled = (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const name = element.getAttribute('aria-label') ?? (labelled || element.textContent?.trim().slice(0, 30) || element.tagName);
    if (!ring) return { name, ratio: 0 };
    const [lighter, darker] = [luminance(ring), luminance(behind)].sort((a, b) => b - a);
    return { name, ratio: (lighter! + 0.05) / (darker! + 0.05) };
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
