import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTooltip() {
  render(
    <div>
      <Tooltip content="12 confirmations" data-testid="block-number">
        19,000,000
      </Tooltip>
      <button type="button">Elsewhere</button>
    </div>,
  );
  return screen.getByTestId('block-number');
}

const shown = () => screen.queryByRole('tooltip');

describe('Tooltip', () => {
  it('describes its button with the text even while hidden', () => {
    const button = renderTooltip();
    const tooltip = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toBe('12 confirmations');
    expect(tooltip?.hidden).toBe(true);
    expect(button.getAttribute('type')).toBe('button');
  });

  it('shows after a mouse rests on the button, stays while it moves onto the tooltip, and hides when it leaves', () => {
    const button = renderTooltip();
    const root = button.parentElement!;
    fireEvent.pointerEnter(root, { pointerType: 'mouse' });
    expect(shown()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(shown()?.textContent).toBe('12 confirmations');
    // The tooltip is inside the same hover area as the button.
    expect(root.contains(shown())).toBe(true);
    fireEvent.pointerLeave(root, { pointerType: 'mouse' });
    expect(shown()).toBeNull();
  });

  it('does not show for a pointer that only passes over', () => {
    const button = renderTooltip();
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'mouse' });
    fireEvent.pointerLeave(button.parentElement!, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(shown()).toBeNull();
  });

  it('shows at once on keyboard focus, hides on blur', () => {
    const button = renderTooltip();
    fireEvent.focus(button);
    expect(shown()).not.toBeNull();
    fireEvent.blur(button);
    expect(shown()).toBeNull();
  });

  it('hides on Escape, keeping focus on the button, and on a press elsewhere', () => {
    const button = renderTooltip();
    act(() => button.focus());
    expect(shown()).not.toBeNull();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(shown()).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(shown()).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(shown()).toBeNull();
  });

  it('shows on a tap, and ignores the hover a touch emulates', () => {
    const button = renderTooltip();
    fireEvent.pointerEnter(button.parentElement!, { pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(shown()).toBeNull();
    fireEvent.click(button);
    expect(shown()).not.toBeNull();
    fireEvent.pointerLeave(button.parentElement!, { pointerType: 'touch' });
    expect(shown()).not.toBeNull();
  });
});
