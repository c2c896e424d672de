// Your Data tab: the tracking-ID lookup with the report's status (where it stands in publication:
// src/lib/publication.ts), and Export, Update and Delete.
import { useCallback } from 'react';
import type { OwnExperience, PublicationSchedule } from '@contract/experiences';
import { useTrackingLookup } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { TrackingLookup, type TrackingLookupControls } from '@/components/tracking/TrackingLookup';
import { ExperienceActions } from '../ExperienceActions';

export function YourData({
  handedTrackingId,
  schedule,
}: {
  handedTrackingId?: string | null;
  schedule?: PublicationSchedule;
}) {
  const lookup = useTrackingLookup();
  const { toast } = useToast();
  const renderActions = useCallback(
    (experience: OwnExperience, controls: TrackingLookupControls) => (
      <ExperienceActions experience={experience} controls={controls} schedule={schedule} />
    ),
    [schedule],
  );
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-muted-foreground">
        Enter the tracking ID you were shown after submitting. With it you see whether your report is published, waiting
        for its group of changes, waiting for review or hidden by a moderator (with the moderator’s reason), and you can
        download your report, correct it, or delete it for good. We cannot recover a lost tracking ID: it is stored only
        as a hash.
      </p>
      <TrackingLookup
        title="Look up your submission"
        showContent
        actions={renderActions}
        lookup={lookup}
        notify={toast}
        initialTrackingId={handedTrackingId}
        schedule={schedule}
      />
    </div>
  );
}
