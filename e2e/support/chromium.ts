/**
 * Debian's Chromium and the flags it needs on this machine's closed network (without the background-networking
 * flags it keeps trying to reach Google). Shared by the browser journeys and the Lighthouse benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
