import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from './AuthProvider';
import { signInStateFrom } from './return-to';
import { paths } from '@/lib/paths';

/** Protected routes (the member column of docs/product-rules.md): a spinner while the session is checked, else /login (and back here after). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (status === 'signed-out') return <Navigate to={paths.login} replace state={signInStateFrom(location)} />;
  return children;
}
