import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { cardClassName } from './styles.ts';

export { cardClassName } from './styles.ts';

/** A bordered surface; it has no padding of its own, so add it (`className="p-6"`). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(cardClassName, className)} {...props} />;
}
