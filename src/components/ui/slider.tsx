import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

interface BaseProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> {
  min?: number;
  max?: number;
  label: string;
}

/** Always rated: the thumb starts on `value`. */
interface RatedProps extends BaseProps {
  value: number;
  onValueChange: (value: number) => void;
  unsetLabel?: undefined;
}

/**
 * May be left unrated (`value` null): one stop before `min` means "not rated" and reads as
 * `unsetLabel` to sight and to screen readers, so arrow keys reach every rating from it and back.
 */
interface UnsetProps extends BaseProps {
  value: number | null;
  onValueChange: (value: number | null) => void;
  unsetLabel: string;
}

export type SliderProps = RatedProps | UnsetProps;

/** Accessible range input that shows its value. */
export function Slider({
  value,
  min = 1,
  max = 10,
  label,
  onValueChange,
  unsetLabel,
  className,
  id,
  ...props
}: SliderProps) {
  const unset = unsetLabel !== undefined && value === null;
  const lowest = unsetLabel === undefined ? min : min - 1;
  const text = unset ? unsetLabel : `${value}/${max}`;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <input
        {...props}
        id={id}
        type="range"
        min={lowest}
        max={max}
        step={1}
        value={value ?? lowest}
        aria-label={label}
        aria-valuetext={unset ? unsetLabel : `${value} of ${max}`}
        data-unset={unset || undefined}
        onChange={(e) => {
          const n = Number(e.target.value);
          // The stop before `min` exists only where a rating may be left unset.
          if (unsetLabel !== undefined) (onValueChange as UnsetProps['onValueChange'])(n < min ? null : n);
          else (onValueChange as RatedProps['onValueChange'])(n);
        }}
        className={cn('h-2 w-full cursor-pointer accent-primary', unset && 'opacity-60')}
      />
      <span
        className={cn(
          'shrink-0 text-right text-sm tabular-nums',
          unset ? 'w-20 text-muted-foreground' : 'w-20 font-medium',
        )}
        aria-hidden="true"
      >
        {text}
      </span>
    </div>
  );
}
