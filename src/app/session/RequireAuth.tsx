import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from './AuthProvider';

/** Protected routes (spec section 2): a spinner while the session is checked, else /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'checking') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  return children;
}
