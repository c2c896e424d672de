// The Reports tab (docs/product-rules.md, "Moderation"): the moderators' queue. Its header says
// what remains (GET /api/moderation/summary), chooses the view and narrows the waiting one by
// reason (both in the URL), and shows the keyboard shortcuts; below it the compact list
// (QueueList.tsx), or one report opened from the Activity tab (OneReport.tsx).
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import {
  QUEUE_FILTERS,
  QUEUE_FILTER_LABELS,
  QUEUE_VIEWS,
  type QueueFilter,
  type QueueView,
} from '@contract/moderation';
import { useModerationSummary } from '@/api/moderation-summary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { KeyHint, KeyLegend } from './KeyLegend';
import { OneReport } from './OneReport';
import { HEADING_ID, REMAINING, VIEW_LABELS } from './queue-words';
import { QueueList } from './QueueList';

export function ReportsTab({
  view,
  reason,
  reportId,
  onChange,
}: {
  view: QueueView;
  reason: QueueFilter;
  /** One report opened from the Activity tab, whatever its status; null for the queue. */
  reportId: string | null;
  onChange: (changes: { queue?: QueueView; reason?: QueueFilter; report?: string | null }) => void;
}) {
  const ids = { view: useId(), reason: useId(), legend: useId() };
  const [legendOpen, setLegendOpen] = useState(false);
  const summary = useModerationSummary();
  const remaining = summary.data ? REMAINING[view](summary.data[view]) : null;
  const toggleLegend = () => setLegendOpen((open) => !open);
  // The reports sit below the header card rather than inside it: at 360 px a card within a
  // card leaves the story too narrow.
  return (
    <div className="flex flex-col gap-3">
      <Card>
        <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
              Reports
            </CardTitle>
            {/* Read out when it changes: after each decision the count goes down. */}
            <p role="status" className="text-sm font-medium tabular-nums text-muted-foreground">
              {reportId ? '' : remaining}
            </p>
          </div>
          <CardDescription>
            Reports held by the rules or flagged by members wait here, oldest first. Hiding takes effect at once;
            publishing and restoring wait for the next publication batch, and each can be undone until then.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 p-4 sm:p-6">
          {reportId ? (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => onChange({ report: null })}
            >
              <ArrowLeft aria-hidden />
              Back to the queue
            </Button>
          ) : (
            <>
              <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={ids.view}>Show</Label>
                  <Select
                    id={ids.view}
                    value={view}
                    onChange={(event) => onChange({ queue: event.target.value as QueueView })}
                  >
                    {QUEUE_VIEWS.map((v) => (
                      <option key={v} value={v}>
                        {VIEW_LABELS[v]}
                      </option>
                    ))}
                  </Select>
                </div>
                {view === 'waiting' && (
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={ids.reason}>Reason</Label>
                    <Select
                      id={ids.reason}
                      value={reason}
                      onChange={(event) => onChange({ reason: event.target.value as QueueFilter })}
                    >
                      {QUEUE_FILTERS.map((f) => (
                        <option key={f} value={f}>
                          {QUEUE_FILTER_LABELS[f]}
                        </option>
                      ))}
                    </Select>
                  </div>
                )}
              </div>
              <KeyHint open={legendOpen} onToggle={toggleLegend} legendId={ids.legend} />
              {legendOpen && <KeyLegend id={ids.legend} />}
            </>
          )}
        </CardContent>
      </Card>
      {reportId ? (
        <OneReport id={reportId} />
      ) : (
        <QueueList key={`${view}:${reason}`} view={view} reason={reason} onToggleLegend={toggleLegend} />
      )}
    </div>
  );
}
