import type { Page } from '@playwright/test';

/** The focus outline's contrast against what is behind it (WCAG 1.4.11 asks for 3:1), for the focused element. */
export async function focusContrast(page: Page): Promise<{ name: string; ratio: number }> {
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
    // The ring: the outline, or where the outline is off a box-shadow ring (Tailwind's ring utilities): of the listed
    // shadows (most of them empty placeholders), the one with the widest spread.
    const shadowRing = () => {
      const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
      let widest: { color: string; spread: number } | undefined;
      for (const shadow of shadows) {
        const color = /(rgba?|oklab|oklch|lab|lch)\([^)]*\)|#[0-9a-f]{3,8}/i.exec(shadow)?.[0];
        const lengths = shadow.replace(color ?? '', '').match(/-?[\d.]+px/g) ?? [];
        const spread = parseFloat(lengths[3] ?? '0');
        if (color && spread > 0 && (widest === undefined || spread > widest.spread)) widest = { color, spread };
      }
      return widest && parse(widest.color);
    };
    const ring = style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? parse(style.outlineColor) : shadowRing();
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
