import type { ComponentType, ReactNode } from 'react';
import { Card } from './card';
import { cn } from '@/lib/cn';

/** The grid the stat cards sit in: 2x2 on a phone, 2 or 4 across on wider screens. */
export const STAT_GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

/** A headline figure with its label, an icon and a line of context (Home, Explore, Research Hub). */
export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  className,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  className?: string;
}) {
  return (
    // Compact below 640 px (two to a row, see STAT_GRID), so the four cards leave room for content on a phone.
    <Card className={cn('flex min-w-0 flex-col gap-0.5 p-3 sm:gap-1 sm:p-5', className)}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        {Icon ? <Icon className="size-4 shrink-0 text-muted-foreground max-sm:hidden" aria-hidden /> : null}
      </div>
      <p className="text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}
