import LogOut from 'lucide-react/icons/log-out';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useAuth } from '@/app/session/AuthProvider';
import { paths } from '@/lib/paths';

/** Signed out: Login and Register. Signed in: the email (to /profile) and Logout. */
export function AccountArea({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { user, logout } = useAuth();

  if (!user) {
    return (
      <div className={cn('flex items-center gap-2', className)}>
        <Link to={paths.login} onClick={onNavigate} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Login
        </Link>
        <Link to={paths.register} onClick={onNavigate} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          Register
        </Link>
      </div>
    );
  }

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <Link
        to={paths.profile}
        onClick={onNavigate}
        title={user.email}
        className="min-w-0 max-w-64 truncate rounded-md px-1 text-sm font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {user.email}
      </Link>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogOut aria-hidden="true" />
        Logout
      </Button>
    </div>
  );
}
