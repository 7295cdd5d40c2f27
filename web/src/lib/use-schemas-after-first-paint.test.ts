import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSchemasAfterFirstPaint } from './use-schemas-after-first-paint.ts';

const paint = vi.hoisted(() => ({ hasPainted: false }));
vi.mock('./use-after-first-contentful-paint.ts', () => ({ useAfterFirstContentfulPaint: () => paint.hasPainted }));

describe('useSchemasAfterFirstPaint', () => {
  it('asks for the schemas once the page has painted its first text, not before', () => {
    const load = vi.fn(() => Promise.resolve());
    paint.hasPainted = false;
    const { rerender } = renderHook(() => useSchemasAfterFirstPaint(load));
    expect(load).not.toHaveBeenCalled();
    paint.hasPainted = true;
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
