// The peptide list's two views: a card per peptide (grid), or one compact line per peptide (list:
// name, category, rating and reports), each opening the peptide's page.
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router-dom';
import type { Peptide } from '@contract/peptides';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { PeptideRating } from '@/components/peptide/PeptideRating';
import { paths } from '@/lib/paths';

function DeleteButton({ name, onDelete }: { name: string; onDelete: () => void }) {
  return (
    <Button
      variant="ghost-destructive"
      size="icon"
      className="relative z-10"
      aria-label={`Delete ${name}`}
      title={`Delete ${name}`}
      onClick={onDelete}
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}

/** A member's page no moderator has checked yet (./ReviewStatus.tsx says it in full on the page). */
function NotReviewed({ peptide }: { peptide: Peptide }) {
  return peptide.reviewedAt ? null : <Badge variant="warning">Not reviewed</Badge>;
}

function Effects({ effects, shown }: { effects: string[]; shown: number }) {
  if (effects.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {effects.slice(0, shown).map((e) => (
        <Badge key={e} variant="outline">
          {e}
        </Badge>
      ))}
      {effects.length > shown && <Badge variant="secondary">+{effects.length - shown} more</Badge>}
    </div>
  );
}

export function PeptideCard({ peptide, onDelete }: { peptide: Peptide; onDelete?: () => void }) {
  return (
    <Card className="relative h-full transition-shadow hover:shadow-md">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-lg">
            <Link
              to={paths.peptide(peptide._id)}
              className="after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {peptide.name}
            </Link>
          </CardTitle>
          {onDelete && <DeleteButton name={peptide.name} onDelete={onDelete} />}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge>{peptide.category}</Badge>
          <NotReviewed peptide={peptide} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="line-clamp-2 text-muted-foreground">{peptide.description}</p>
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-muted-foreground">Rating</dt>
            <dd>
              <PeptideRating
                peptideId={peptide._id}
                rating={peptide.averageRating}
                interval={peptide.ratingInterval}
                n={peptide.totalExperiences}
                label=""
                showN={false}
              />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Experiences</dt>
            <dd>{peptide.totalExperiences}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Dosage</dt>
            <dd>{peptide.commonDosage}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Frequency</dt>
            <dd>{peptide.commonFrequency}</dd>
          </div>
        </dl>
        <Effects effects={peptide.commonEffects} shown={3} />
      </CardContent>
    </Card>
  );
}

export function PeptideRow({ peptide, onDelete }: { peptide: Peptide; onDelete?: () => void }) {
  return (
    <div className="relative flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted/50">
      <h3 className="min-w-0 flex-[1_1_10rem] font-semibold [overflow-wrap:anywhere]">
        <Link
          to={paths.peptide(peptide._id)}
          className="after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {peptide.name}
        </Link>
      </h3>
      <Badge>{peptide.category}</Badge>
      <NotReviewed peptide={peptide} />
      <PeptideRating
        peptideId={peptide._id}
        rating={peptide.averageRating}
        interval={peptide.ratingInterval}
        n={peptide.totalExperiences}
        showN={false}
        className="text-sm"
      />
      <span className="text-sm tabular-nums text-muted-foreground">
        {peptide.totalExperiences} {peptide.totalExperiences === 1 ? 'report' : 'reports'}
      </span>
      {onDelete && <DeleteButton name={peptide.name} onDelete={onDelete} />}
    </div>
  );
}
