import AlertCircle from 'lucide-react/icons/circle-alert';
import Info from 'lucide-react/icons/info';
import { refusedInputs } from '@/api/errors';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page/PageHeading';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

/** The centred card of the sign-in and sign-up screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
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

/**
 * A message inside the form (a failed sign-in, a pending account, an ended session): it stays
 * until the next attempt, unlike a toast. `error` is announced at once (role alert); `info` is
 * news, not a mistake (a pending account, a changed password), in the calm primary tint.
 */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'info'; children: ReactNode }) {
  const Icon = tone === 'error' ? AlertCircle : Info;
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive-text'
          : 'flex gap-2 rounded-md border border-primary/40 bg-primary-soft p-3 text-sm text-primary-soft-foreground'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0">{children}</p>
    </div>
  );
}

/** A server message as a sentence: "password must …" reads "Password must …" under its field. */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The credential field a 400's `issues[].path` names (src/api/errors.ts refusedInputs), if any. */
export function refusedCredential(error: unknown): 'email' | 'password' | null {
  const field = refusedInputs(error).find((issue) => issue.path === 'email' || issue.path === 'password')?.path;
  return field === 'email' || field === 'password' ? field : null;
}
