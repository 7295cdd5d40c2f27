import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT_COUNTS, defaultTickIntervalMs, loadConfig } from './config.ts';

describe('chain and ledger settings', () => {
  it('runs chain time at the wall clock by default, ticking every 300 ms', () => {
    const config = loadConfig({});
    expect(config.chain).toEqual({ timeScale: 1, tickIntervalMs: 300 });
    expect(config.rateLimits.sendPerUser).toBe(DEFAULT_RATE_LIMIT_COUNTS.sendPerUser);
    expect(config.walletEncryptionKey).toBeUndefined();
  });

  it('reads CHAIN_TIME_SCALE, CHAIN_TICK_MS, RATE_LIMIT_SEND_PER_USER and WALLET_ENCRYPTION_KEY', () => {
    const config = loadConfig({ CHAIN_TIME_SCALE: '60', RATE_LIMIT_SEND_PER_USER: '5', WALLET_ENCRYPTION_KEY: 'k'.repeat(40) });
    expect(config.chain).toEqual({ timeScale: 60, tickIntervalMs: defaultTickIntervalMs(60) });
    expect(config.rateLimits.sendPerUser).toBe(5);
    expect(config.walletEncryptionKey).toBe('k'.repeat(40));
    expect(loadConfig({ CHAIN_TIME_SCALE: '0.5', CHAIN_TICK_MS: '50' }).chain).toEqual({ timeScale: 0.5, tickIntervalMs: 50 });
  });

  it('keeps the default tick between 20 ms and 300 ms of wall time', () => {
    expect(defaultTickIntervalMs(1)).toBe(300);
    expect(defaultTickIntervalMs(60)).toBe(20);
    expect(defaultTickIntervalMs(10)).toBe(30);
    expect(defaultTickIntervalMs(0.1)).toBe(300);
  });

  it.each(['0', '-1', 'fast', '1e9', 'NaN'])('refuses CHAIN_TIME_SCALE=%s', (scale) => {
    expect(() => loadConfig({ CHAIN_TIME_SCALE: scale })).toThrow(/CHAIN_TIME_SCALE/);
  });
});
