import { describe, expect, it } from 'vitest';
import { DEMO_NETWORK_ROSTER_SIZE, loadConfig } from './config.ts';
import { DEMO_ROSTER } from './demo-network/roster.ts';

describe('demo network settings', () => {
  it('is on for the embedded database, off on PostgreSQL and under NODE_ENV=test, unless DEMO_NETWORK says otherwise', () => {
    expect(loadConfig({}).demoNetwork).toEqual({ isOn: true, paymentsPerMinute: 4, participants: 8 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).demoNetwork.isOn).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoNetwork.isOn).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_NETWORK: 'on' }).demoNetwork.isOn).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO_NETWORK: 'ON' }).demoNetwork.isOn).toBe(true);
    expect(loadConfig({ DEMO_NETWORK: 'off' }).demoNetwork.isOn).toBe(false);
    expect(loadConfig({ DEMO_NETWORK: '' }).demoNetwork.isOn).toBe(true);
  });

  it('reads the rate (payments per chain minute, fractions allowed) and how many of the roster take part', () => {
    expect(loadConfig({ DEMO_NETWORK_PAYMENTS_PER_MINUTE: '12', DEMO_NETWORK_PARTICIPANTS: '12' }).demoNetwork).toMatchObject({
      paymentsPerMinute: 12,
      participants: 12,
    });
    expect(loadConfig({ DEMO_NETWORK_PAYMENTS_PER_MINUTE: '0.5' }).demoNetwork.paymentsPerMinute).toBe(0.5);
    expect(loadConfig({ DEMO_NETWORK_PARTICIPANTS: '2' }).demoNetwork.participants).toBe(2);
  });

  it('refuses a switch that is neither on nor off, a rate out of bounds and a participant count the roster cannot fill', () => {
    expect(() => loadConfig({ DEMO_NETWORK: 'yes' })).toThrow(/DEMO_NETWORK must be "on" or "off", got "yes"/);
    for (const rate of ['0', '-1', 'many', '601', 'Infinity']) {
      expect(() => loadConfig({ DEMO_NETWORK_PAYMENTS_PER_MINUTE: rate })).toThrow(/DEMO_NETWORK_PAYMENTS_PER_MINUTE/);
    }
    for (const count of ['1', '13', '2.5', 'all']) {
      expect(() => loadConfig({ DEMO_NETWORK_PARTICIPANTS: count })).toThrow(/DEMO_NETWORK_PARTICIPANTS must be a whole number from 2 to 12/);
    }
  });

  it('counts the roster the settings allow for', () => {
    expect(DEMO_ROSTER).toHaveLength(DEMO_NETWORK_ROSTER_SIZE);
  });
});
