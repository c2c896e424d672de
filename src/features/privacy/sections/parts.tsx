// The Privacy page's building blocks: a titled card, a list with ticks or crosses, and the link
// to the public source code (where the site was built with one: src/lib/source-code.ts).
import type { ReactNode } from 'react';
import Check from 'lucide-react/icons/check';
import ExternalLink from 'lucide-react/icons/external-link';
import X from 'lucide-react/icons/x';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { SOURCE_CODE_URL } from '@/lib/source-code';

export function Bullets({ items, icon }: { items: readonly string[]; icon: 'yes' | 'no' }) {
  const Icon = icon === 'yes' ? Check : X;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon
            aria-hidden="true"
            className={
              icon === 'yes' ? 'mt-0.5 size-4 shrink-0 text-primary' : 'mt-0.5 size-4 shrink-0 text-destructive-text'
            }
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

export function SourceLink() {
  if (!SOURCE_CODE_URL) return null;
  return (
    <a
      href={SOURCE_CODE_URL}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex items-center gap-1 font-medium text-primary-strong underline underline-offset-2"
    >
      Read the source code
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
