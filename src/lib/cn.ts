/**
 * Joins class names, skipping falsy ones. It does not resolve Tailwind conflicts, so a
 * component's `className` prop should add classes, not fight its defaults.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
