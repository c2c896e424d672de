import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page/PageHeading';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The centred card of the sign-in and sign-up screens. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-8">
      <Card>
        <CardHeader>
          <PageHeading className="text-2xl">{title}</PageHeading>
          <CardDescription>{subtitle}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        <div className="border-t border-border px-6 py-4 text-center text-sm">{footer}</div>
      </Card>
    </div>
  );
}

export const authLinkClass =
  'font-medium text-primary-strong underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring rounded-sm';
