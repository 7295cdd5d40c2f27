/**
 * Lighthouse's mobile screen (a Moto G Power: 412 × 823 CSS pixels at 1.75×, touch) as Playwright context options, for
 * the tools that look for what Lighthouse sees: on a phone's screen, other sections are near the first screen than on
 * Playwright's default 1280 × 720.
 */
export const LIGHTHOUSE_MOBILE_SCREEN = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Takes `--mobile` out of a tool's arguments: whether it was there. */
export function takeMobileFlag(args: string[]): boolean {
  const at = args.indexOf('--mobile');
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
}
