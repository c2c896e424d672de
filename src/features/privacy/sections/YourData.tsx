// Your Data tab: the tracking-ID lookup with the report's status, and Export, Update and Delete.
import type { OwnExperience } from '@contract/experiences';
import { useTrackingLookup } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { TrackingLookup, type TrackingLookupControls } from '@/components/tracking/TrackingLookup';
import { ExperienceActions } from '../ExperienceActions';

const renderActions = (experience: OwnExperience, controls: TrackingLookupControls) => <ExperienceActions experience={experience} controls={controls} />;

export function YourData({ handedTrackingId }: { handedTrackingId?: string | null }) {
  const lookup = useTrackingLookup();
  const { toast } = useToast();
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-muted-foreground">
        Enter the tracking ID you were shown after submitting. With it you see whether your report is published, waiting for review or hidden by a
        moderator (with the moderator’s reason), and you can download your report, correct it, or delete it for good. We cannot recover a lost tracking ID:
        it is stored only as a hash.
      </p>
      <TrackingLookup title="Look up your submission" showContent actions={renderActions} lookup={lookup} notify={toast} initialTrackingId={handedTrackingId} />
    </div>
  );
}
