import { describe, expect, it } from 'vitest';
import { readSendReceiveState } from './navigation-state.ts';

describe('readSendReceiveState', () => {
  it('opens Send with no wallet when there is no state', () => {
    expect(readSendReceiveState(undefined)).toEqual({ tab: 'send', walletId: undefined });
    expect(readSendReceiveState(null)).toEqual({ tab: 'send', walletId: undefined });
  });

  it('takes the action and wallet other screens pass', () => {
    expect(readSendReceiveState({ action: 'receive', walletId: 'w-1' })).toEqual({ tab: 'receive', walletId: 'w-1' });
    expect(readSendReceiveState({ action: 'send', walletId: 'w-2' })).toEqual({ tab: 'send', walletId: 'w-2' });
  });

  it('falls back to Send and no wallet for anything else', () => {
    expect(readSendReceiveState({ action: 'withdraw', walletId: 42 })).toEqual({ tab: 'send', walletId: undefined });
    expect(readSendReceiveState({ walletId: '' })).toEqual({ tab: 'send', walletId: undefined });
    expect(readSendReceiveState('receive')).toEqual({ tab: 'send', walletId: undefined });
  });
});
