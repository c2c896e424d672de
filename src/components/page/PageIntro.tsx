import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading';

/** A page's title and the sentence under it. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-2">
      <PageHeading>{title}</PageHeading>
      {children && <p className="max-w-2xl text-muted-foreground">{children}</p>}
    </div>
  );
}
