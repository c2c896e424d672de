import type { ReactNode } from 'react';
import { Label } from '@/components/ui';

/** A labelled wizard field with optional help text under it (design.md "Forms"). */
export function Field({ id, text, children, hint }: { id: string; text: string; children: ReactNode; hint?: string }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{text}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
