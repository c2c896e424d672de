// Account: the password, sessions, a copy of the data, and deletion (docs/product-rules.md, "Your account").
import { ChangePasswordCard } from './ChangePasswordCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { SessionsAndDataCard } from './SessionsAndDataCard';

export function AccountTab() {
  return (
    <div className="space-y-4">
      <ChangePasswordCard />
      <SessionsAndDataCard />
      <DeleteAccountCard />
    </div>
  );
}
