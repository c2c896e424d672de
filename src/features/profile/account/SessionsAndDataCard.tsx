// Sign out everywhere, and download everything the account holds (GET /api/users/me/export).
import Download from 'lucide-react/icons/download';
import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { exportAccount, signOutEverywhere } from '@/api/account';
import { errorMessage } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { paths } from '@/lib/paths';

/** The file's name: no email or id in it, as the downloads list is seen by whoever uses the device. */
export const EXPORT_FILE_NAME = 'peptide-community-account.json';
export const SIGNED_OUT_EVERYWHERE = 'You have been signed out on every device, this one included.';

export function SessionsAndDataCard() {
  const { endSession } = useAuth();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'sessions' | 'export' | null>(null);

  async function onSignOutEverywhere() {
    setBusy('sessions');
    try {
      await signOutEverywhere();
      endSession(paths.login, SIGNED_OUT_EVERYWHERE);
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Not signed out',
        description: errorMessage(failure, 'Please try again.'),
      });
      setBusy(null);
    }
  }

  async function onExport() {
    setBusy('export');
    try {
      const data = await exportAccount();
      downloadFile(EXPORT_FILE_NAME, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      toast({
        variant: 'success',
        title: 'Download started',
        description: `Your account’s data is saved as ${EXPORT_FILE_NAME}.`,
      });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: errorMessage(failure, 'Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions and your data</CardTitle>
        <CardDescription>
          Signed in on a device you no longer use, or a shared one? Sign out everywhere. Your data: the account,
          profile, your votes (which report, which kind) and your flags, as a JSON file. It holds no report you shared:
          nothing links them to your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void onSignOutEverywhere()} disabled={busy !== null}>
          <LogOut aria-hidden="true" />
          {busy === 'sessions' ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
        <Button variant="outline" onClick={() => void onExport()} disabled={busy !== null}>
          <Download aria-hidden="true" />
          {busy === 'export' ? 'Preparing...' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
