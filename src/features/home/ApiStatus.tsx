import { useHealth } from '@/api/health';
import { Badge } from '@/components/ui/badge';

/** Whether the API and its database answer (GET /api/health). */
export function ApiStatus() {
  const health = useHealth();
  let badge = <Badge variant="secondary">Checking...</Badge>;
  if (health.isSuccess) badge = <Badge variant="success">Online</Badge>;
  if (health.isError) badge = <Badge variant="destructive">Unavailable</Badge>;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      API status: {badge}
    </p>
  );
}
