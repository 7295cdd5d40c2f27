import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSchemasOnFirstInteraction } from './use-schemas-on-first-interaction.ts';

describe('useSchemasOnFirstInteraction', () => {
  it.each([
    ['a pointer press', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a key press', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['focus moving in', () => document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))],
  ])('asks for the schemas once, on %s, not before', (_name, interact) => {
    const load = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(() => useSchemasOnFirstInteraction(load));
    rerender();
    expect(load).not.toHaveBeenCalled();
    interact();
    expect(load).toHaveBeenCalledTimes(1);
    interact();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the form goes away', () => {
    const load = vi.fn(() => Promise.resolve());
    const { unmount } = renderHook(() => useSchemasOnFirstInteraction(load));
    unmount();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
  });
});
