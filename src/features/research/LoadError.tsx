import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** An inline failure with a way to try again; the page around it stays usable. */
export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-start gap-3">
        <div className="flex items-center gap-2 font-semibold text-destructive-text">
          <AlertCircle className="size-5" aria-hidden />
          {title}
        </div>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}
