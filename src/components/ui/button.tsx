import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'outline'
  | 'ghost'
  | 'ghost-destructive'
  | 'destructive'
  | 'selected';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg' | 'icon-sm' | 'icon';

// No white-space or flex-shrink here: one-line (`nowrap`) and wrapping buttons set their own (below).
// `cn` only joins names, and of two utilities for one property the stylesheet's order decides,
// not the class list's: `whitespace-nowrap` beat `whitespace-normal`, so `wrap` never wrapped.
const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
  outline: 'border border-input bg-card text-foreground hover:bg-accent',
  ghost: 'text-foreground hover:bg-accent',
  /** A quiet button for a destructive action beside others (a peptide card's Delete). */
  'ghost-destructive': 'text-destructive-text hover:bg-accent',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
  /** An outline toggle that is on (a vote given): aria-pressed says so, this shows it. */
  selected: 'border border-primary bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft',
};

// A size is set here, never by a `className` given to Button: that would be a second utility for
// the same property, and the stylesheet's order (not the class list's) picks the winner
// (src/components/ui/button.test.ts refuses such a className).
const sizes: Record<ButtonSize, string> = {
  xs: 'h-7 px-2 text-xs',
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-6 text-base',
  'icon-sm': 'size-8',
  icon: 'size-10',
};

/**
 * Button look for anything clickable, e.g. a router Link that should look like a button. `wrap`:
 * the label holds text a member wrote (a peptide's name), which may be one long word: it wraps
 * onto more lines instead of pushing the page sideways on a phone (size md's padding and text).
 */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  wrap = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  wrap?: boolean;
} = {}): string {
  return cn(
    base,
    variants[variant],
    // A wrapping label grows the button's height from size md's (no fixed height to fight), and
    // breaks a word longer than the line anywhere.
    wrap
      ? 'min-h-10 max-w-full shrink whitespace-normal px-4 py-2 text-left text-sm [overflow-wrap:anywhere]'
      : `shrink-0 whitespace-nowrap ${sizes[size]}`,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cn(buttonClasses({ variant, size }), className)} {...props} />;
}
