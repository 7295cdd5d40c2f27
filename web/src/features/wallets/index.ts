/** The wallets feature's public API: the user's wallets, their cache updates, the dashboard grid and settings tab. */
export { useWallets, walletsQueryKey } from './api/get-wallets.ts';
export { withBalance, withWallet, withoutWallet } from './api/wallet-cache.ts';
export { WalletGrid } from './components/wallet-grid.tsx';
export { WalletsSettingsTab } from './components/wallets-settings-tab.tsx';
