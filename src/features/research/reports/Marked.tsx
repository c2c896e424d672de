// Text with what a hold rule matched marked (marks.ts): `<mark>` in the highlight colours, with an
// underline so a mark stands out by more than its colour.
import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { markRuns } from './marks';

export const MARK_CLASSES =
  'rounded-sm border-b-2 border-highlight-border bg-highlight px-0.5 text-highlight-foreground';

export function Marked({ text, pattern, className }: { text: string; pattern: RegExp | null; className?: string }) {
  return markRuns(text, pattern).map((run, i) =>
    run.marked ? (
      <mark key={i} className={cn(MARK_CLASSES, className)}>
        {run.text}
      </mark>
    ) : (
      <Fragment key={i}>{run.text}</Fragment>
    ),
  );
}
