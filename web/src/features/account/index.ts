/** The account feature's public API: profile, password, two-factor, passkeys and notification settings. */
export { type Account, accountQueryKey, useAccount } from './api/get-account.ts';
export { getNotificationPreferences, notificationPreferencesQueryKey } from './api/notification-preferences.ts';
export { ChangePasswordForm } from './components/change-password-form.tsx';
export { DemoSignInNotice } from './components/demo-sign-in-notice.tsx';
export { Identicon } from './components/identicon.tsx';
export { NotificationsTab } from './components/notifications-tab.tsx';
export { PasskeysSection } from './components/passkeys-section.tsx';
export { ProfileTab } from './components/profile-tab.tsx';
export { TwoFactorSection } from './components/two-factor-section.tsx';
