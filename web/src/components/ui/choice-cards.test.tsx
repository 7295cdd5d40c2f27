import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChoiceCards } from './choice-cards.tsx';

afterEach(cleanup);

const options = [
  { value: 'slow', content: <span>Slow · 0.0006 ETH</span> },
  { value: 'fast', content: <span>Fast · 0.0012 ETH</span> },
] as const;

describe('ChoiceCards', () => {
  it('is a radio group named by its heading, each radio named by its card, the value checked', () => {
    render(
      <>
        <span id="speed-heading">Transaction Speed</span>
        <ChoiceCards name="speed" labelledBy="speed-heading" value="fast" onChange={() => undefined} options={options} />
      </>,
    );
    expect(screen.getByRole('radiogroup', { name: 'Transaction Speed' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Fast · 0.0012 ETH' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Slow · 0.0006 ETH' }).checked).toBe(false);
  });

  it('reports the value of a card chosen, and only a change', () => {
    const onChange = vi.fn();
    render(<ChoiceCards name="speed" labelledBy="none" value="fast" onChange={onChange} options={options} />);
    fireEvent.click(screen.getByText('Slow · 0.0006 ETH'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('slow');
    fireEvent.click(screen.getByRole('radio', { name: 'Fast · 0.0012 ETH' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
