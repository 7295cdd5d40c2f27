import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';

/*
 * Tabs after the WAI-ARIA tabs pattern, through Radix: the selected tab is the only tab stop; arrow keys, Home and
 * End move focus and select at once; an inactive panel is not rendered. Triggers and panels carry
 * `data-state="active" | "inactive"` for styling. The names stay the app's own so pages read as before.
 */

export function Tabs({ value, onValueChange, ...props }: ComponentProps<typeof RadixTabs.Root> & { value: string; onValueChange: (value: string) => void }) {
  return <RadixTabs.Root value={value} onValueChange={onValueChange} activationMode="automatic" {...props} />;
}

/** The row of tabs; `aria-label` names it. */
export const TabList = RadixTabs.List;

export const Tab = RadixTabs.Trigger;

/** A tab's content, rendered only while its tab is selected; a tab stop of its own unless `tabIndex={-1}`. */
export const TabPanel = RadixTabs.Content;
