import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from './tabs.tsx';

afterEach(cleanup);

function ThreeTabs() {
  const [tab, setTab] = useState('send');
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabList aria-label="Send or receive">
        <Tab value="send">Send</Tab>
        <Tab value="receive">Receive</Tab>
        <Tab value="history">History</Tab>
      </TabList>
      <TabPanel value="send" tabIndex={-1}>
        Send form
      </TabPanel>
      <TabPanel value="receive">Receive panel</TabPanel>
      <TabPanel value="history">History list</TabPanel>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows the selected tab’s panel, named by its tab, and makes the selected tab the only tab stop', () => {
    render(<ThreeTabs />);
    expect(screen.getByRole('tablist', { name: 'Send or receive' })).toBeTruthy();
    expect(tab('Send').getAttribute('aria-selected')).toBe('true');
    expect(tab('Send').tabIndex).toBe(0);
    expect(tab('Receive').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Send' });
    expect(panel.textContent).toBe('Send form');
    expect(panel.tabIndex).toBe(-1);
    expect(tab('Send').getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('Receive panel')).toBeNull();
  });

  it('selects a tab on click, unmounting the panel left', () => {
    render(<ThreeTabs />);
    fireEvent.click(tab('Receive'));
    expect(tab('Receive').getAttribute('aria-selected')).toBe('true');
    expect(tab('Receive').dataset.state).toBe('active');
    expect(tab('Send').dataset.state).toBe('inactive');
    expect(screen.getByRole('tabpanel', { name: 'Receive' }).tabIndex).toBe(0);
    expect(screen.queryByText('Send form')).toBeNull();
  });

  it('moves focus and selection with the arrow keys (wrapping), Home and End', () => {
    render(<ThreeTabs />);
    tab('Send').focus();
    fireEvent.keyDown(tab('Send'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Receive'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Receive panel');
    fireEvent.keyDown(tab('Receive'), { key: 'End' });
    expect(document.activeElement).toBe(tab('History'));
    fireEvent.keyDown(tab('History'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Send'));
    fireEvent.keyDown(tab('Send'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('History'));
    fireEvent.keyDown(tab('History'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Send'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Send form');
    fireEvent.keyDown(tab('Send'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(tab('Send'));
  });
});
