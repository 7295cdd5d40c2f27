import type { ComponentProps } from 'react';
import { Spinner } from './spinner.tsx';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './styles.ts';

export { type ButtonSize, type ButtonStyle, type ButtonVariant, buttonClassName } from './styles.ts';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button and shows a spinner before its label while an action runs. */
  isBusy?: boolean;
}

/** A native button; `type` defaults to "button", so pass type="submit" for a form's submit button. */
export function Button({ variant, size, isBusy = false, disabled, type = 'button', className, children, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      className={buttonClassName({ variant, size, className })}
      {...props}
    >
      {isBusy && <Spinner className="h-4 w-4" />}
      {children}
    </button>
  );
}
