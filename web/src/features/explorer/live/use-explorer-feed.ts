import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { afterFirstAnswers } from '../../../lib/after-first-answers.ts';
import { explorerDataKeys } from '../api/explorer-keys.ts';
import type { FeedState } from './explorer-socket.ts';

/**
 * The network figures (and, when a block says they may be behind, the latest transactions) are read again at most
 * this often while events arrive (a busy network sends many).
 */
export const STATS_AFTER_EVENTS_MS = 2_000;

/**
 * Keeps the public explorer channel open while a page that shows live data is on screen, and says whether it
 * is live. The socket client loads only then, so the other public pages never download it.
 */
export function useExplorerFeed(): FeedState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FeedState>('connecting');
  const statsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let isClosed = false;
    let latestMayBeBehind = false;
    const onEvent = (isBehind: boolean) => {
      latestMayBeBehind ||= isBehind;
      if (statsTimer.current !== undefined) return;
      statsTimer.current = setTimeout(() => {
        statsTimer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: explorerDataKeys.stats });
        if (latestMayBeBehind) void queryClient.invalidateQueries({ queryKey: explorerDataKeys.latestAll });
        latestMayBeBehind = false;
      }, STATS_AFTER_EVENTS_MS);
    };
    // Once the page's first answers are drawn: the socket client's chunks (15 KB) would otherwise compete with them.
    const cancelStart = afterFirstAnswers(queryClient, () => {
      void import('./explorer-socket.ts').then(
        ({ connectExplorerFeed }) => {
          if (!isClosed) disconnect = connectExplorerFeed(queryClient, (next) => !isClosed && setState(next), onEvent);
        },
        (error: unknown) => {
          console.warn('The live explorer feed is unavailable', error);
          if (!isClosed) setState('offline');
        },
      );
    });
    return () => {
      cancelStart();
      isClosed = true;
      clearTimeout(statsTimer.current);
      statsTimer.current = undefined;
      disconnect?.();
    };
  }, [queryClient]);

  return state;
}
