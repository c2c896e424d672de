import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A key to press, as a keyboard legend shows it. */
export function Kbd({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <kbd
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded border border-border bg-muted px-1 font-mono text-xs font-medium text-foreground',
        className,
      )}
      {...props}
    />
  );
}
