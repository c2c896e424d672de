// Who stands behind a peptide page: the editors' catalogue and pages a moderator reviewed show
// the date; a member's page not reviewed yet says so, and a moderator can mark it reviewed
// (docs/product-rules.md, "Reference pages").
import type { Peptide } from '@contract/peptides';
import { useReviewPeptide } from '@/api/peptides';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { shortDate } from '@/lib/format';
import { Badge, Button } from '@/components/ui';

export const NOT_REVIEWED = 'Community-submitted, not reviewed';

export function ReviewStatus({ peptide }: { peptide: Peptide }) {
  const { isModerator } = useAuth();
  const review = useReviewPeptide();
  const { toast } = useToast();
  if (peptide.reviewedAt) {
    return (
      <p className="text-sm text-muted-foreground">
        Reviewed <time dateTime={peptide.reviewedAt}>{shortDate(peptide.reviewedAt)}</time>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <Badge variant="warning">{NOT_REVIEWED}</Badge>
      <span className="text-muted-foreground">A member wrote this page; no moderator has checked it yet.</span>
      {isModerator && (
        <Button
          size="sm"
          variant="outline"
          disabled={review.isPending}
          onClick={() =>
            review.mutate(peptide._id, {
              onError: (error) =>
                toast({ title: 'Could not mark it reviewed', description: error.message, variant: 'destructive' }),
            })
          }
        >
          Mark as reviewed
        </Button>
      )}
    </div>
  );
}
