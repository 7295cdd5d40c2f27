import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Popover } from './popover.tsx';

afterEach(cleanup);

function renderPopover() {
  render(
    <div>
      <Popover label="How forecasts are made" trigger="i">
        <p>Holt&apos;s linear trend, backtested.</p>
      </Popover>
      <button type="button">Elsewhere</button>
    </div>,
  );
  return screen.getByRole('button', { name: 'How forecasts are made' });
}

const panel = () => screen.queryByRole('dialog', { name: 'How forecasts are made' });

describe('Popover', () => {
  it('is a closed button that controls its panel, and opens it with focus inside on a click (Enter and Space click a button)', () => {
    const button = renderPopover();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(panel()).toBeNull();
    const controlled = document.getElementById(button.getAttribute('aria-controls')!);
    expect(controlled?.hidden).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel()).toBe(controlled);
    expect(panel()!.textContent).toContain("Holt's linear trend");
    expect(document.activeElement).toBe(panel());

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel()).toBeNull();
  });

  it('closes on Escape, anywhere, and puts focus back on its button', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.keyDown(panel()!, { key: 'Escape' });
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a press outside it, not on one inside its panel', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.pointerDown(panel()!);
    expect(panel()).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(panel()).toBeNull();
  });

  it('closes when focus moves on out of it, and stays open while focus goes back to its button', () => {
    const button = renderPopover();
    fireEvent.click(button);
    fireEvent.blur(panel()!, { relatedTarget: button });
    expect(panel()).not.toBeNull();
    fireEvent.blur(button, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(panel()).toBeNull();
  });

  it('listens to the page only while open', () => {
    renderPopover();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(panel()).toBeNull();
  });
});
