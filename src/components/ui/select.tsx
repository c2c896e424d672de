import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './field-styles';

/** A native select (keyboard and screen-reader support for free), styled like the inputs. */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(fieldClasses, 'h-10 cursor-pointer pr-8', className)} {...props} />;
}
