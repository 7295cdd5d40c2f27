import { type ComponentProps, type KeyboardEvent, createContext, useContext, useId } from 'react';

/*
 * Tabs after the WAI-ARIA tabs pattern, in the few lines this app needs (Radix's tabs with its roving-focus and
 * collection helpers were about 7 KB gzip on the send page's first load). The selected tab is the only tab stop;
 * arrow keys, Home and End move focus and select at once (automatic activation); an inactive panel is not rendered.
 * Triggers and panels carry `data-state="active" | "inactive"` for styling.
 */

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | undefined>(undefined);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab and TabPanel go inside <Tabs>');
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({ value, onValueChange, ...props }: Omit<ComponentProps<'div'>, 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ baseId, value, select: onValueChange }}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

/** The row of tabs; `aria-label` names it. */
export function TabList(props: ComponentProps<'div'>) {
  const { select } = useTabs();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current === -1) return;
    const next =
      event.key === 'ArrowRight' ? (current + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (current - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : undefined;
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    target.focus();
    select(target.dataset.value ?? '');
  }

  return <div role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...props} />;
}

export function Tab({ value, ...props }: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const { baseId, value: selected, select } = useTabs();
  const isActive = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(baseId, value)}
      aria-selected={isActive}
      aria-controls={panelId(baseId, value)}
      tabIndex={isActive ? 0 : -1}
      data-state={isActive ? 'active' : 'inactive'}
      data-value={value}
      onClick={() => select(value)}
      {...props}
    />
  );
}

/** A tab's content, rendered only while its tab is selected; a tab stop of its own unless `tabIndex={-1}`. */
export function TabPanel({ value, ...props }: ComponentProps<'div'> & { value: string }) {
  const { baseId, value: selected } = useTabs();
  if (value !== selected) return null;
  return <div role="tabpanel" id={panelId(baseId, value)} aria-labelledby={tabId(baseId, value)} tabIndex={0} data-state="active" {...props} />;
}
