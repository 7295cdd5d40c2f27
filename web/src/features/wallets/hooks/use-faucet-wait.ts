import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later time is looked at again after this. */
const MAX_TIMER_MS = 2_147_483_647;
/** A little past the moment, so the clock read when the timer fires is surely after it. */
const TIMER_SLACK_MS = 50;

export interface FaucetWait {
  /** True while the faucet will not give this wallet test funds yet. */
  isWaiting: boolean;
  /** When it will again; null when it can now. */
  availableAt: Date | null;
}

/**
 * Whether a wallet must wait for the faucet (its `nextFaucetAt`), following the clock: once that time passes
 * the wallet may claim again, without a reload or a new fetch.
 */
export function useFaucetWait(nextFaucetAt: string | null | undefined): FaucetWait {
  const parsed = nextFaucetAt ? Date.parse(nextFaucetAt) : Number.NaN;
  const at = Number.isNaN(parsed) ? undefined : parsed;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    setNowMs(Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      const now = Date.now();
      setNowMs(now);
      if (now < at) timer = setTimeout(wake, Math.min(at - now + TIMER_SLACK_MS, MAX_TIMER_MS));
    };
    timer = setTimeout(wake, Math.min(Math.max(at - Date.now(), 0) + TIMER_SLACK_MS, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== undefined && at > nowMs ? { isWaiting: true, availableAt: new Date(at) } : { isWaiting: false, availableAt: null };
}
