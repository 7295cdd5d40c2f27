import { useId } from 'react';

/** A confirmation the review needs before Send: a checkbox and its label, one click target. */
export function ConfirmCheck({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: string }) {
  const id = useId();
  return (
    <div className="mt-3 flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <label htmlFor={id} className="font-medium">
        {children}
      </label>
    </div>
  );
}
