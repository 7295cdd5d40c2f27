import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClassName } from './control-classes.ts';

/** A styled native <select>: pass <option> elements as children. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(controlClassName, 'pr-8', className)} {...props} />;
}
