import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A grey pulsing block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200 dark:bg-slate-700', className)} {...props} />;
}
