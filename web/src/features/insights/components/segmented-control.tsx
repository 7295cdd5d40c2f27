import { cn } from '../../../lib/cn.ts';

export interface SegmentOption<T extends string | number> {
  value: T;
  label: string;
}

/** A row of toggle buttons choosing one value; the pressed one is announced as such. */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
      {options.map((option) => {
        const isPressed = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={isPressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'min-w-11 rounded px-2.5 py-1 text-sm font-medium transition-[color,background-color,border-color]',
              isPressed
                ? 'bg-indigo-600 text-white dark:bg-indigo-500'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
