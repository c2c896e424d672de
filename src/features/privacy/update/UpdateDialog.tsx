// "Update Experience": correct any field the wizard asked, checked in the browser
// with the server's schema (correction-form.ts); the hold rules the text is likely to meet are said
// before Save (src/lib/hold-hints.ts), and what saving does to the report's publication above it.
import { useState } from 'react';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { HOLD_REASON_TEXT } from '@contract/moderation';
import { STORY_MAX_SUBMIT, STORY_MIN } from '@contract/rules';
import { storyCounterMessage, storyLength as storyLengthOf } from '@contract/story';
import { errorMessage } from '@/api/errors';
import { useUpdateOwnExperience } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { Button, Label, Textarea } from '@/components/ui';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { likelyHoldReasons } from '@/lib/hold-hints';
import { CORRECTION_JOINS, groupNote, nextPublication } from '@/lib/publication';
import {
  type CorrectionErrors,
  type CorrectionField,
  type CorrectionForm,
  changesOf,
  correctionErrors,
  formOf,
} from './correction-form';
import { ContextFields, SourcingFields, UsageFields, fieldId } from './CorrectionFields';
import { OutcomeFields } from './OutcomeFields';
import { SideEffectRows } from './SideEffectRows';

/** What saving does to the report (server/services/experiences.ts checks an edit like a new report). */
function ReviewNotice({
  status,
  schedule,
}: {
  status: OwnExperience['status'];
  schedule: PublicationSchedule | undefined;
}) {
  const text =
    status === 'published'
      ? `Your changes appear on the public pages ${nextPublication(schedule)}. ${groupNote(schedule)} They are checked like a new report: if they add a link, an email address, a phone number or a messenger handle, or if every report here is reviewed first, your report waits for a moderator before it is public again.`
      : status === 'queued'
        ? CORRECTION_JOINS
        : `Your report is ${status === 'held' ? 'waiting for review' : 'hidden by a moderator'}. Saving your changes sends it back to a moderator: it stays out of public view until a moderator publishes it.`;
  return (
    <p role="note" className="rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground">
      {text}
    </p>
  );
}

const PENDING_EFFECT = 'Press “Add effect” to rate what you typed, or clear the box.';
const PENDING_SIDE_EFFECT = 'Press “Add side effect” to list what you typed, or clear the box.';

export function UpdateDialog({
  experience,
  schedule,
  open,
  onOpenChange,
}: {
  experience: OwnExperience;
  /** The site's publication settings (GET /api/publication), which the notice words with. */
  schedule?: PublicationSchedule;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { toast } = useToast();
  const update = useUpdateOwnExperience(experience.trackingId);
  const [form, setForm] = useState<CorrectionForm>(() => formOf(experience));
  const [pending, setPending] = useState('');
  const [pendingSide, setPendingSide] = useState('');
  const [sideAddError, setSideAddError] = useState<string | null>(null);
  // Shown once Save was pressed, then kept current as the person fixes them.
  const [attempted, setAttempted] = useState(false);
  const set = <K extends keyof CorrectionForm>(key: K, value: CorrectionForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const found: CorrectionErrors = {
    ...correctionErrors(form),
    ...(pending.trim() ? { outcomes: PENDING_EFFECT } : {}),
    ...(pendingSide.trim() ? { sideEffects: PENDING_SIDE_EFFECT } : {}),
  };
  const errors = attempted ? found : {};
  const storyLength = storyLengthOf(form.story);
  const storyOutOfRange = storyLength < STORY_MIN || storyLength > STORY_MAX_SUBMIT;
  const holds = likelyHoldReasons([
    form.story,
    form.effects,
    form.stack,
    ...Object.keys(form.outcomes),
    ...form.sideEffects.map((s) => s.name),
    form.batchId,
    form.publishSourcing ? form.vendorUrl : '',
  ]);

  const save = () => {
    setAttempted(true);
    const first = Object.keys(found)[0] as CorrectionField | undefined;
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    update.mutate(changesOf(form), {
      onSuccess: (saved) => {
        const description =
          saved.status === 'held'
            ? 'Experience updated. It is waiting for a moderator to review it.'
            : 'Experience updated successfully';
        toast({ title: 'Success', description, variant: 'success' });
        onOpenChange(false);
      },
      // The dialog stays open with everything typed, so the person can retry.
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to update experience'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Update Experience</DialogTitle>
          <DialogDescription>
            Correct anything you entered: what you used, the context, the benefits and side effects, your story and the
            sourcing.
          </DialogDescription>
        </DialogHeader>
        <ReviewNotice status={experience.status} schedule={schedule} />
        <form
          className="grid gap-6"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <UsageFields form={form} set={set} errors={errors} />
          <ContextFields form={form} set={set} errors={errors} />
          <OutcomeFields form={form} set={set} errors={errors} pending={pending} setPending={setPending} />
          <SideEffectRows
            form={form}
            set={set}
            errors={errors}
            pending={pendingSide}
            setPending={setPendingSide}
            addError={sideAddError}
            setAddError={setSideAddError}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId('story')}>Story</Label>
            <Textarea
              id={fieldId('story')}
              rows={8}
              value={form.story}
              aria-invalid={Boolean(errors.story) || undefined}
              aria-describedby="update-story-help"
              onChange={(e) => set('story', e.target.value)}
            />
            {/* The length rule stated once, in the counter, red when it stops the save. */}
            <p
              id="update-story-help"
              className={
                errors.story || storyLength > STORY_MAX_SUBMIT
                  ? 'text-sm text-destructive-text'
                  : 'text-xs text-muted-foreground'
              }
            >
              {storyLength}/{STORY_MAX_SUBMIT} · {storyCounterMessage(storyLength, STORY_MAX_SUBMIT)}
              {errors.story && !storyOutOfRange ? ` · ${errors.story}` : ''}
            </p>
          </div>
          <SourcingFields form={form} set={set} errors={errors} />
          <div role="status" aria-live="polite">
            {holds.length > 0 && (
              <div className="space-y-1 rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground">
                <p className="font-medium">With these changes your report will wait for a moderator’s review:</p>
                <ul className="list-disc space-y-1 pl-5">
                  {holds.map((reason) => (
                    <li key={reason}>{HOLD_REASON_TEXT[reason]}</li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
