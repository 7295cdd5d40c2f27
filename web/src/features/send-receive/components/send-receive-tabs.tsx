import type { WalletView } from '@fincrypt/domain';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { walletOnNetwork } from '../apply-prefill.ts';
import type { SendReceiveTab } from '../navigation-state.ts';
import type { SendPrefill } from '../send-prefill.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PREFETCH_WAIT_MAX_MS, whenIdle } from '../../../lib/when-idle.ts';
import { SendForm } from './send-form.tsx';

// Receive (its QR code, payment requests and their share links) loads when its tab is first shown, so the send
// page's first load carries only the Send form; it is fetched ahead once the tabs are on screen.
const loadReceivePanel = () => import('./receive-panel.tsx');
const ReceivePanel = lazy(() => loadReceivePanel().then((module) => ({ default: module.ReceivePanel })));

const triggerClass =
  'flex-1 rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=active]:bg-indigo-600 data-[state=active]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=active]:bg-indigo-500';

export interface SendReceiveTabsProps {
  wallets: readonly WalletView[];
  initialTab: SendReceiveTab;
  initialWalletId: string | undefined;
  /** What the Send form opens filled with (a payment request's Pay button). */
  prefill?: SendPrefill;
}

/**
 * Send and Receive share the chosen wallet. The inactive tab's content is unmounted, so switching tab
 * starts the Send form afresh: switching tab clears recipient and amount (docs/product.md#send-and-receive).
 */
export function SendReceiveTabs({ wallets, initialTab, initialWalletId, prefill }: SendReceiveTabsProps) {
  const [tab, setTab] = useState<SendReceiveTab>(initialTab);
  // The wallet on a prefill's network, else the one the navigation state names (a wallet card's Send or
  // Receive), else the first connected wallet: either tab opens with a wallet chosen, and Send shows its fees at once.
  const [walletId, setWalletId] = useState(() => {
    const prefillWallet = prefill?.network ? walletOnNetwork(wallets, prefill.network, initialWalletId) : undefined;
    if (prefillWallet) return prefillWallet.id;
    return initialWalletId !== undefined && wallets.some((wallet) => wallet.id === initialWalletId) ? initialWalletId : (wallets[0]?.id ?? '');
  });

  // Fetched ahead, once the page is idle (not inside the task that mounts it), so that the tab opens at once.
  useEffect(() => whenIdle(() => void loadReceivePanel().catch(() => undefined), PREFETCH_WAIT_MAX_MS), []);

  return (
    <Tabs value={tab} onValueChange={(next) => setTab(next as SendReceiveTab)} className="space-y-4">
      <TabList aria-label="Send or receive" className="flex gap-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800/60">
        <Tab value="send" className={triggerClass}>
          Send
        </Tab>
        <Tab value="receive" className={triggerClass}>
          Receive
        </Tab>
      </TabList>
      <Card className="p-4 sm:p-6">
        {/* Both panels open with their own controls, so (per the WAI-ARIA tabs pattern) a panel is no tab stop of its own. */}
        <TabPanel value="send" tabIndex={-1} className="focus:outline-none">
          <SendForm wallets={wallets} walletId={walletId} onWalletChange={setWalletId} prefill={prefill} />
        </TabPanel>
        <TabPanel value="receive" tabIndex={-1} className="focus:outline-none">
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
                <Spinner />
                Loading...
              </p>
            }
          >
            <ReceivePanel wallets={wallets} walletId={walletId} onWalletChange={setWalletId} />
          </Suspense>
        </TabPanel>
      </Card>
    </Tabs>
  );
}
