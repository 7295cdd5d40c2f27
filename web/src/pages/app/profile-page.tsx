import { useState } from 'react';
import { useLocation } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isDemoAccount } from '@fincrypt/domain';
import {
  ChangePasswordForm,
  DemoSignInNotice,
  NotificationsTab,
  PasskeysSection,
  ProfileTab,
  TwoFactorSection,
  useAccount,
} from '../../features/account/index.ts';
import { ContactsTab, readContactsNavigationState } from '../../features/contacts/index.ts';
import { WalletsSettingsTab } from '../../features/wallets/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'wallets', label: 'Wallets' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'security', label: 'Security' },
  { value: 'notifications', label: 'Notifications' },
] as const;

const triggerClass =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=active]:bg-indigo-600 data-[state=active]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=active]:bg-indigo-500';

export default function ProfilePage() {
  usePageTitle('Account Settings');
  const account = useAccount();
  // "Save as contact" after a send opens the Contacts tab with the recipient filled in.
  const contactsState = readContactsNavigationState(useLocation().state);
  const [tab, setTab] = useState<string>(contactsState ? 'contacts' : 'profile');
  const [isEditing, setEditing] = useState(false);

  return (
    <section className="mx-auto max-w-4xl">
      <h1 className="text-3xl font-bold">Account Settings</h1>
      <Tabs
        value={tab}
        onValueChange={(next) => {
          // Switching tab leaves edit mode (and so clears the form's errors).
          setEditing(false);
          setTab(next);
        }}
        className="mt-6"
      >
        <TabList aria-label="Account settings" className="flex flex-wrap gap-2">
          {TABS.map((item) => (
            <Tab key={item.value} value={item.value} className={triggerClass}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        <Card className="mt-4 p-6">
          {!account.data ? (
            <Spinner label="Loading your account" />
          ) : (
            <>
              <TabPanel value="profile">
                <ProfileTab account={account.data} isEditing={isEditing} onEditingChange={setEditing} />
              </TabPanel>
              <TabPanel value="wallets">
                <WalletsSettingsTab isDemoAccount={isDemoAccount(account.data.email)} />
              </TabPanel>
              <TabPanel value="contacts">
                <ContactsTab initial={contactsState?.newContact} />
              </TabPanel>
              <TabPanel value="security" className="space-y-10">
                {isDemoAccount(account.data.email) ? (
                  <DemoSignInNotice />
                ) : (
                  <>
                    <ChangePasswordForm />
                    <TwoFactorSection isEnabled={account.data.twoFactorEnabled} />
                    <PasskeysSection isTwoFactorEnabled={account.data.twoFactorEnabled} />
                  </>
                )}
              </TabPanel>
              <TabPanel value="notifications">
                <NotificationsTab />
              </TabPanel>
            </>
          )}
        </Card>
      </Tabs>
    </section>
  );
}
