import { NOTIFICATION_PREFERENCE_KEYS, type NotificationPreferenceKey, type NotificationPreferences } from '@fincrypt/domain';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences.ts';

const DESCRIPTIONS: Record<NotificationPreferenceKey, { label: string; description: string }> = {
  transactionAlerts: { label: 'Transaction Alerts', description: 'A notice when a transaction you sent or received confirms or fails.' },
  fraudDetection: { label: 'Fraud Detection', description: 'A warning when a payment looks unusual or risky.' },
  emailNotifications: { label: 'Email Notifications', description: 'A summary by email (a testnet demo sends no real email).' },
  marketUpdates: { label: 'Market Updates', description: 'Notices about notable moves in ETH, MATIC and SOL prices.' },
};

function PreferenceSwitch({ name, checked, onChange }: { name: NotificationPreferenceKey; checked: boolean; onChange: (value: boolean) => void }) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div>
        <p id={labelId} className="font-medium">
          {DESCRIPTIONS[name].label}
        </p>
        <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {DESCRIPTIONS[name].description}
        </p>
      </div>
      <Switch.Root
        checked={checked}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-[color,background-color,border-color] data-[state=checked]:bg-indigo-600 dark:bg-slate-600 dark:data-[state=checked]:bg-indigo-500"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </li>
  );
}

/** The four notification toggles, saved per user as soon as one changes. */
export function NotificationsTab() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  if (!preferences.data) return <Spinner label="Loading preferences" />;
  const current: NotificationPreferences = preferences.data;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-700">
      {NOTIFICATION_PREFERENCE_KEYS.map((key) => (
        <PreferenceSwitch
          key={key}
          name={key}
          checked={current[key]}
          onChange={(value) =>
            save.mutate({ ...current, [key]: value }, { onError: () => toast.error('Failed to save notification preferences') })
          }
        />
      ))}
    </ul>
  );
}
