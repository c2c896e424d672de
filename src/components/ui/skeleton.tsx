import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder shaped like the content it stands for; hidden from assistive technology. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
