import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { SAFETY_NOTICE_CLASSES, SAFETY_TEXT } from '@/lib/brand';
import { cn } from '@/lib/cn';

/** The safety notice: one shared component, amber, with an icon (docs/design.md, "Components"). */
export function SafetyNotice({ className }: { className?: string }) {
  return (
    <aside aria-label="Safety notice" className={cn('flex items-start gap-3', SAFETY_NOTICE_CLASSES, className)}>
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>{SAFETY_TEXT}</p>
    </aside>
  );
}
