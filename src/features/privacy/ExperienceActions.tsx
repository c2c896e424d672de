// "Your Data" actions on a report found by tracking ID: Export (JSON download), Update (every
// field the wizard asked: update/UpdateDialog.tsx) and Delete (after a confirmation dialog),
// through src/api/tracking.ts.
import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { errorMessage } from '@/api/errors';
import { useDeleteOwnExperience } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import type { TrackingLookupControls } from '@/components/tracking/TrackingLookup';
import { Button } from '@/components/ui';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { downloadFile } from '@/lib/download';
import { groupNote, leavesAt, nextPublication } from '@/lib/publication';
import { UpdateDialog } from './update/UpdateDialog';

/**
 * The report as a JSON file, built in the browser (no extra call). The name is neutral: a
 * tracking ID in it would end up in the downloads list and the browser's history.
 */
export const EXPORT_FILE_NAME = 'peptide-experience-export.json';

export function downloadExperience(experience: OwnExperience): string {
  downloadFile(EXPORT_FILE_NAME, JSON.stringify(experience, null, 2), 'application/json');
  return EXPORT_FILE_NAME;
}

function DeleteDialog({
  experience,
  schedule,
  open,
  onOpenChange,
  onDeleted,
}: {
  experience: OwnExperience;
  schedule: PublicationSchedule | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** With what happens next on the public pages, said where the report stood (not only in a toast). */
  onDeleted: (next: string) => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteOwnExperience(experience.trackingId);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: ({ publicUntil, publicBy }) => {
        onOpenChange(false);
        // No time: it was not public, or batches are off and it left the public pages at once.
        const next = publicUntil ? leavesAt(publicUntil, publicBy, schedule) : 'No public page shows it.';
        toast({
          title: 'Deleted',
          description: publicUntil ? `Your experience has been deleted. ${next}` : 'Your experience has been deleted.',
          variant: 'success',
        });
        onDeleted(next);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to delete experience'),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Data</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete your {experience.peptideName} experience ({experience.trackingId})? Your
            tracking ID stops working at once.
            {experience.status === 'published'
              ? ` The report leaves the community list and every statistic ${nextPublication(schedule)}; then it is gone from the database. ${groupNote(schedule)}`
              : ' It is not public now, so no public page changes.'}{' '}
            This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ExperienceActions({
  experience,
  controls,
  schedule,
}: {
  experience: OwnExperience;
  controls: TrackingLookupControls;
  /** The site's publication settings (GET /api/publication), which the dialogs word with. */
  schedule?: PublicationSchedule;
}) {
  const { toast } = useToast();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2 border-t border-border pt-4">
      <Button
        variant="outline"
        onClick={() => {
          const fileName = downloadExperience(experience);
          toast({ title: 'Export Successful', description: `Saved ${fileName}`, variant: 'success' });
        }}
      >
        <Download aria-hidden="true" />
        Export Data
      </Button>
      <Button variant="outline" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        Update Experience
      </Button>
      <Button variant="destructive" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden="true" />
        Delete Data
      </Button>
      {/* Keyed by the last update, so reopening starts from what is stored now. */}
      {editing && (
        <UpdateDialog
          key={experience.updatedAt ?? experience.createdAt}
          experience={experience}
          schedule={schedule}
          open={editing}
          onOpenChange={setEditing}
        />
      )}
      <DeleteDialog
        experience={experience}
        schedule={schedule}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={controls.clear}
      />
    </div>
  );
}
