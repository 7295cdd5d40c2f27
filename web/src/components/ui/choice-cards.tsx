import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface ChoiceCard<V extends string> {
  value: V;
  /** What the card shows; it is also the radio's accessible name. */
  content: ReactNode;
}

export interface ChoiceCardsProps<V extends string> {
  /** The group's name among the page's radios. */
  name: string;
  /** The id of the element that names the group. */
  labelledBy: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly ChoiceCard<V>[];
  className?: string;
}

/**
 * One choice out of a few, each a card: native radio buttons, so the browser gives the group its keyboard (Tab
 * into the checked one, arrow keys move and check) and its semantics, with no script for it. Each radio lies
 * invisible over its whole card, so a click anywhere on the card is a click on the radio; the card draws the
 * checked state and the focus ring.
 */
export function ChoiceCards<V extends string>({ name, labelledBy, value, onChange, options, className }: ChoiceCardsProps<V>) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={className}>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative block rounded-lg border border-slate-300 p-3 text-left text-sm hover:border-indigo-400 dark:border-slate-600',
            'has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 has-[:checked]:ring-1 has-[:checked]:ring-indigo-600',
            'dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950 dark:has-[:checked]:ring-indigo-400',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-500',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
          />
          {option.content}
        </label>
      ))}
    </div>
  );
}
