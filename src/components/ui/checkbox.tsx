import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * A native checkbox (keyboard and screen readers for free) in the theme's colours, with the focus
 * ring of every control. `indeterminate`: some but not all of what it selects are selected (a
 * "select all" box), which only the DOM property can show.
 */
export function Checkbox({
  className,
  indeterminate = false,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
