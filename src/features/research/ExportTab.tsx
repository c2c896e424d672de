// Data Export: every file comes from the server (docs/product-rules.md, "Figures"): the analytics
// summary, and the experience export in JSON or CSV, whose rows carry no demographics; who reports
// each peptide comes as its shares (docs/product-rules.md, "Anonymity"). Nothing is assembled from
// page state.
import { FileJson, FileSpreadsheet, BarChart3 } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { fetchMemberAnalytics } from '@/api/analytics';
import { errorMessage } from '@/api/errors';
import { fetchResearchExportCsv, fetchResearchExportJson, fetchResearchOverview } from '@/api/research';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { downloadFile } from '@/lib/download';
import { SHARES_MIN_REPORTS } from '@contract/rules';
import { today } from './format';

type ExportKind = 'analytics' | 'json' | 'csv';

interface ExportSpec {
  kind: ExportKind;
  title: string;
  description: string;
  button: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  run: () => Promise<{ fileName: string; content: string; type: string }[]>;
}

const EXPORTS: ExportSpec[] = [
  {
    kind: 'analytics',
    title: 'Analytics summary',
    description:
      'Community analytics and the research overview: totals, growth, top peptides, per-peptide and per-category figures, every mean with its n and 95% interval (low, high; none below 5 ratings). No individual reports.',
    button: 'Export Analytics (JSON)',
    icon: BarChart3,
    run: async () => {
      const [analytics, overview] = await Promise.all([fetchMemberAnalytics(), fetchResearchOverview()]);
      const content = JSON.stringify({ exportedAt: new Date().toISOString(), analytics, overview }, null, 2);
      return [{ fileName: `peptide-analytics-${today()}.json`, content, type: 'application/json' }];
    },
  },
  {
    kind: 'json',
    title: 'Experience reports (JSON)',
    description: `One row per report with its public id and month, but no date, no story and no age range, sex or activity level (those fields are always null). Every mean the pages show comes with its n and 95% interval (means). Who reports each peptide comes as its shares by age range, by sex and by activity level, each on its own: the numbers its page shows, from ${SHARES_MIN_REPORTS} reports on.`,
    button: 'Export Experiences (JSON)',
    icon: FileJson,
    run: async () => {
      const data = await fetchResearchExportJson();
      return [
        {
          fileName: `peptide-experiences-${today()}.json`,
          content: JSON.stringify(data, null, 2),
          type: 'application/json',
        },
      ];
    },
  },
  {
    kind: 'csv',
    title: 'Experience reports (CSV)',
    description:
      "Four files a spreadsheet keeps whole: the reports (one line each, its id first; list cells are JSON arrays; an empty cell means none, and the age range, sex and activity level columns are always empty), their outcomes (one line per rating: id, outcome, rating), their side effects (one line each: id, side effect, severity) and the means (peptide, outcome, n, mean, low, high: each with its 95% interval; an empty outcome is the peptide's rating). Cells that look like formulas start with ' so spreadsheets never run them. The shares of who reports each peptide are in the JSON export.",
    button: 'Export Experiences (CSV)',
    icon: FileSpreadsheet,
    run: async () => [
      {
        fileName: `peptide-experiences-${today()}.csv`,
        content: await fetchResearchExportCsv('reports'),
        type: 'text/csv',
      },
      {
        fileName: `peptide-outcomes-${today()}.csv`,
        content: await fetchResearchExportCsv('outcomes'),
        type: 'text/csv',
      },
      {
        fileName: `peptide-side-effects-${today()}.csv`,
        content: await fetchResearchExportCsv('sideEffects'),
        type: 'text/csv',
      },
      {
        fileName: `peptide-means-${today()}.csv`,
        content: await fetchResearchExportCsv('means'),
        type: 'text/csv',
      },
    ],
  },
];

export function ExportTab() {
  const { toast } = useToast();
  const [busy, setBusy] = useState<ExportKind | null>(null);

  async function run(spec: ExportSpec) {
    setBusy(spec.kind);
    try {
      const files = await spec.run();
      for (const file of files) downloadFile(file.fileName, file.content, file.type);
      toast({
        variant: 'success',
        title: 'Export Successful',
        description: `${files.map((f) => f.fileName).join(' and ')} ${files.length === 1 ? 'has' : 'have'} been downloaded.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export Failed',
        description: errorMessage(error, 'The export could not be created. Please try again.'),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Exports never identify a person: no account ids, tracking IDs, exact dates or free-text stories, and no report’s
        age range, sex or activity level. Those appear only as each peptide’s shares, the same numbers its public page
        shows.
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        {EXPORTS.map((spec) => (
          <Card key={spec.kind} className="flex flex-col">
            <CardHeader>
              <div className="flex items-center gap-2">
                <spec.icon className="size-5 text-primary-strong" aria-hidden />
                <CardTitle as="h3" className="text-base">
                  {spec.title}
                </CardTitle>
              </div>
              <CardDescription>{spec.description}</CardDescription>
            </CardHeader>
            <CardFooter className="mt-auto pt-6">
              <Button onClick={() => void run(spec)} disabled={busy !== null} aria-busy={busy === spec.kind}>
                {busy === spec.kind ? 'Exporting...' : spec.button}
              </Button>
            </CardFooter>
          </Card>
        ))}
      </div>
    </div>
  );
}
