import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { Card, CardContent } from '@/components/ui/card';

/** What visitors see on the member tabs: the notice and a way to sign in. No data is fetched. */
export function MemberGate({ description }: { description: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <Lock className="size-8 text-muted-foreground" aria-hidden />
        <h2 className="text-xl font-semibold">Authentication Required</h2>
        <p className="max-w-md text-muted-foreground">{description}</p>
        <Link to={paths.login} className={buttonClasses()}>
          Sign In
        </Link>
      </CardContent>
    </Card>
  );
}
