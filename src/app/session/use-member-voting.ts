// Voting wired to this app's session and toasts, for the screens that show vote buttons.
import { useVoting } from '@/api/votes';
import { useToast } from '@/app/toast/ToastProvider';
import { useAuth } from './AuthProvider';

export function useMemberVoting() {
  const { user } = useAuth();
  const { toast } = useToast();
  return useVoting({ signedIn: Boolean(user), notify: toast });
}
