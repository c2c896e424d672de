import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export interface SliderProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  value: number;
  min?: number;
  max?: number;
  label: string;
  onValueChange: (value: number) => void;
}

/** Accessible range input that shows its value. */
export function Slider({ value, min = 1, max = 10, label, onValueChange, className, id, ...props }: SliderProps) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <input
        {...props}
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-label={label}
        aria-valuetext={`${value} of ${max}`}
        onChange={(e) => onValueChange(Number(e.target.value))}
        className="h-2 w-full cursor-pointer accent-primary"
      />
      <span className="w-10 text-right text-sm font-medium tabular-nums" aria-hidden="true">
        {value}/{max}
      </span>
    </div>
  );
}
