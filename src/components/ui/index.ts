// The UI primitives every screen uses (docs/design.md, "Components").
// Tabs, Dialog and Toast wrap Radix: import them from their own files (`@/components/ui/tabs`)
// so screens that do not use them never load Radix.
export { Badge, type BadgeVariant } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export { Checkbox } from './checkbox';
export { Input } from './input';
export { Kbd } from './kbd';
export { Label } from './label';
export { Progress } from './progress';
export { SafetyNotice } from './safety-notice';
export { Select } from './select';
export { Skeleton } from './skeleton';
export { Spinner } from './spinner';
export { StatCard } from './stat-card';
export { Textarea } from './textarea';
