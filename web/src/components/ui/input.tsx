import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClassName } from './control-classes.ts';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClassName, className)} {...props} />;
}
