// "Your Data" actions on a report found by tracking ID: Export (JSON download), Update
// (story, outcomes, effects) and Delete (after a confirmation dialog), through src/api/tracking.ts.
import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import type { OwnExperience } from '@contract/experiences';
import { OUTCOME_MAX, OUTCOME_MIN, STORY_MAX_SUBMIT, STORY_MIN, cleanList } from '@contract/rules';
import { errorMessage } from '@/api/errors';
import { useDeleteOwnExperience, useUpdateOwnExperience } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import type { TrackingLookupControls } from '@/components/tracking/TrackingLookup';
import { Button, Input, Label, Textarea } from '@/components/ui';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Slider } from '@/components/ui/slider';
import { downloadFile } from '@/lib/download';
import { BATCH_REASON, batchTime } from '@/lib/publication';

/**
 * The report as a JSON file, built in the browser (no extra call). The name is neutral: a
 * tracking ID in it would end up in the downloads list and the browser's history.
 */
export const EXPORT_FILE_NAME = 'peptide-experience-export.json';

export function downloadExperience(experience: OwnExperience): string {
  downloadFile(EXPORT_FILE_NAME, JSON.stringify(experience, null, 2), 'application/json');
  return EXPORT_FILE_NAME;
}

/** What saving does to the report (server/services/experiences.ts checks an edit like a new report). */
function ReviewNotice({ status }: { status: OwnExperience['status'] }) {
  const text =
    status === 'published'
      ? `Your changes appear on the public pages at the next publication, ${BATCH_REASON}. They are checked like a new report: if they add a link, an email address or a phone number, or if every report here is reviewed first, your report waits for a moderator before it is public again.`
      : status === 'queued'
        ? 'Your report is not public yet: your changes are published with it.'
        : `Your report is ${status === 'held' ? 'waiting for review' : 'hidden by a moderator'}. Saving your changes sends it back to a moderator: it stays out of public view until a moderator publishes it.`;
  return (
    <p role="note" className="rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground">
      {text}
    </p>
  );
}

function UpdateDialog({ experience, open, onOpenChange }: { experience: OwnExperience; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { toast } = useToast();
  const update = useUpdateOwnExperience(experience.trackingId);
  const [story, setStory] = useState(experience.story);
  const [outcomes, setOutcomes] = useState<Record<string, number>>(experience.outcomes);
  const [effects, setEffects] = useState(experience.effects.join(', '));
  const storyLength = story.trim().length;
  const storyInvalid = storyLength < STORY_MIN;

  const save = () => {
    if (storyInvalid) return;
    update.mutate(
      { story: story.trim(), outcomes, effects: cleanList(effects.split(',')) },
      {
        onSuccess: (saved) => {
          const description = saved.status === 'held' ? 'Experience updated. It is waiting for a moderator to review it.' : 'Experience updated successfully';
          toast({ title: 'Success', description, variant: 'success' });
          onOpenChange(false);
        },
        // The dialog stays open with everything typed, so the member can retry.
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update experience'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Experience</DialogTitle>
          <DialogDescription>Correct your story, outcome ratings and extra effects. Everything else stays as submitted.</DialogDescription>
        </DialogHeader>
        <ReviewNotice status={experience.status} />
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor="update-story">Story</Label>
            <Textarea
              id="update-story"
              rows={8}
              maxLength={STORY_MAX_SUBMIT}
              value={story}
              aria-invalid={storyInvalid || undefined}
              aria-describedby="update-story-help"
              onChange={(e) => setStory(e.target.value)}
            />
            <p id="update-story-help" className={storyInvalid ? 'text-sm text-destructive-text' : 'text-xs text-muted-foreground'}>
              {storyInvalid ? `Your story needs at least ${STORY_MIN} characters (${STORY_MIN - storyLength} more needed).` : `${story.length}/${STORY_MAX_SUBMIT} characters`}
            </p>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Outcomes (1-10)</legend>
            {Object.entries(outcomes).map(([name, value]) => (
              <div key={name} className="space-y-1">
                <span className="text-sm">{name}</span>
                <Slider label={name} min={OUTCOME_MIN} max={OUTCOME_MAX} value={value} onValueChange={(v) => setOutcomes((o) => ({ ...o, [name]: v }))} />
              </div>
            ))}
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor="update-effects">Extra effects</Label>
            <Input id="update-effects" value={effects} aria-describedby="update-effects-help" onChange={(e) => setEffects(e.target.value)} />
            <p id="update-effects-help" className="text-xs text-muted-foreground">
              Separate effects with commas; blank entries are ignored.
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={storyInvalid || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  experience,
  open,
  onOpenChange,
  onDeleted,
}: {
  experience: OwnExperience;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const { toast } = useToast();
  const remove = useDeleteOwnExperience(experience.trackingId);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: ({ publicUntil }) => {
        onOpenChange(false);
        const description = publicUntil
          ? `Your experience has been deleted. It leaves the public pages at ${batchTime(publicUntil)}.`
          : 'Your experience has been deleted.';
        toast({ title: 'Deleted', description, variant: 'success' });
        onDeleted();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete experience'), variant: 'destructive' }),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Data</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete your {experience.peptideName} experience ({experience.trackingId})? Your tracking ID stops working at once.
            {experience.status === 'published'
              ? ` The report leaves the community list and every statistic at the next publication, ${BATCH_REASON}; then it is gone from the database.`
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

export function ExperienceActions({ experience, controls }: { experience: OwnExperience; controls: TrackingLookupControls }) {
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
      {editing && <UpdateDialog key={experience.updatedAt ?? experience.createdAt} experience={experience} open={editing} onOpenChange={setEditing} />}
      <DeleteDialog experience={experience} open={deleting} onOpenChange={setDeleting} onDeleted={controls.clear} />
    </div>
  );
}
