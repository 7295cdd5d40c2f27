import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { controlClassName } from './control-classes.ts';

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClassName, 'resize-y', className)} {...props} />;
}
