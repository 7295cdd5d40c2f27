import { describe, expect, it } from 'vitest';
import { createSendStateCache, type LockedWallet, type SendState, type SendStateScope } from './send-state.ts';

const wallet = (id: string): LockedWallet => ({
  id,
  userId: 'user-1',
  network: 'eth_sepolia',
  address: `0x${id.padStart(40, '0')}`,
  publicKey: '',
  encryptedPrivateKey: '',
  nextNonce: 0,
  faucetClaimedAt: null,
  createdAt: new Date(0),
  disconnectedAt: null,
  ownerCurrency: null,
  balances: { ETH: 1n },
});

const stateOf = (md5: string, ...walletIds: string[]): SendState => ({
  wallets: walletIds.map(wallet),
  history: { earlierSends: [], paidAddresses: [], ownAddresses: [], contactAddresses: [], recentSendTimesMs: [] },
  md5,
});

const scope = (senderWalletId: string, ...recipients: string[]): SendStateScope => ({
  userId: 'user-1',
  senderWalletId,
  recipientCandidates: recipients.map((address) => ({ network: 'eth_sepolia', address })),
});

describe('the kept send states', () => {
  it('keeps a state read ahead only where the wallet has none: a send’s state is never replaced by it', () => {
    const states = createSendStateCache();
    states.setIfAbsent(scope('a'), stateOf('read ahead', 'a'));
    expect(states.get(scope('a'))?.md5).toBe('read ahead');

    states.set(scope('a'), stateOf('after a send', 'a'));
    states.setIfAbsent(scope('a'), stateOf('an older read', 'a'));
    expect(states.get(scope('a'))?.md5).toBe('after a send');
    expect(states.has(scope('a'))).toBe(true);
    expect(states.has(scope('b'))).toBe(false);
  });

  it('serves any recipient from a state holding only the sender, and only its own recipient from one naming another wallet', () => {
    const states = createSendStateCache();
    states.setIfAbsent(scope('a'), stateOf('sender only', 'a'));
    expect(states.get(scope('a', '0xoutside'))?.md5).toBe('sender only');

    states.set(scope('a', '0xfriend'), stateOf('with the friend', 'a', 'friend'));
    expect(states.get(scope('a', '0xfriend'))?.md5).toBe('with the friend');
    expect(states.get(scope('a', '0xoutside'))).toBeUndefined();
  });

  it('holds at most its limit, dropping the state set longest ago, whichever way it was set', () => {
    const states = createSendStateCache(2);
    states.setIfAbsent(scope('a'), stateOf('a', 'a'));
    states.set(scope('b'), stateOf('b', 'b'));
    states.setIfAbsent(scope('c'), stateOf('c', 'c'));
    expect(states.size).toBe(2);
    expect(states.has(scope('a'))).toBe(false);
    expect(states.has(scope('b')) && states.has(scope('c'))).toBe(true);
  });
});
