// API Access: the endpoints, the response envelope, and the rate limits the server really
// enforces, read from GET /api/limits (docs/product-rules.md, "Limits and proxies").
import { useLimits } from '@/api/research';
import { errorMessage } from '@/api/errors';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/page/LoadError';
import { API_REFERENCE, ENDPOINTS, type Access, type EndpointKey } from '@contract/endpoints';
import { FAILURE_EXAMPLE, FAILURE_REQUEST } from './failure-example';
import { LIMIT_SCOPE_LABELS, limitRateText } from '@contract/vocabulary';
import { sourceFileUrl } from '@/lib/source-code';

/** The endpoints a researcher starts with; method, path and access come from contract/endpoints.ts. */
const HIGHLIGHTS: { key: EndpointKey; description: string }[] = [
  {
    key: 'analytics',
    description:
      'The public figures (totals, growth, top peptides, outcome means) plus reports per month and a breakdown by category.',
  },
  { key: 'peptides', description: 'The peptide catalogue; search, category, sort and paging in the query.' },
  {
    key: 'peptide',
    description: 'One peptide, with who reports it: the shares of its reports by age range, sex and activity level.',
  },
  { key: 'experiences', description: 'Experience reports, newest first; filters and a paging cursor in the query.' },
  { key: 'pendingUsers', description: 'Registrations awaiting approval, paged.' },
  { key: 'researchOverview', description: 'The figures of this hub’s Overview.' },
  { key: 'researchPeptides', description: 'Per-peptide counts and means with n, paged.' },
  {
    key: 'researchExport',
    description: 'Every report without demographics, and each peptide’s shares; format=json or csv, limit and cursor.',
  },
  { key: 'limits', description: 'The rate limits below.' },
];

const GUIDE_URL = sourceFileUrl(API_REFERENCE.guide);

const ACCESS_LABELS: Record<Access, string> = { public: 'Public', member: 'Members', moderator: 'Moderators' };

const SUCCESS = `{
  "success": true,
  "data": { "peptides": [ ... ], "total": 42, "page": 1, "pageSize": 20 },
  "message": "optional text"
}`;

const FAILURE = JSON.stringify(FAILURE_EXAMPLE, null, 2);

export function ApiAccessTab() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Endpoints</CardTitle>
          <CardDescription>
            Send the access token as <code className="font-mono">Authorization: Bearer &lt;token&gt;</code> for member
            and moderator endpoints. Ids are strings; dates are ISO 8601 in UTC.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm">
            Every route, with its parameters, answers, access and limits:{' '}
            {/* Plain links: these pages are served by the API, not by this app's router. */}
            <a className="font-medium text-primary-strong underline underline-offset-2" href={API_REFERENCE.page}>
              API reference
            </a>{' '}
            and the machine-readable{' '}
            <a className="font-medium text-primary-strong underline underline-offset-2" href={API_REFERENCE.document}>
              OpenAPI 3.1 document
            </a>
            {/* The guide lives in the repository: linked only where the site says where that is. */}
            {GUIDE_URL && (
              <>
                ; to start, the{' '}
                <a className="font-medium text-primary-strong underline underline-offset-2" href={GUIDE_URL}>
                  API guide
                </a>{' '}
                (curl and a typed client)
              </>
            )}
            .
          </p>
          <ul className="flex flex-col divide-y divide-border">
            {HIGHLIGHTS.map(({ key, description }) => (
              <li
                key={key}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:gap-4"
              >
                <code className="shrink-0 break-all font-mono text-sm sm:w-72">
                  <span className="font-semibold text-primary-strong">{ENDPOINTS[key].method}</span>{' '}
                  {ENDPOINTS[key].path}
                </code>
                <span className="flex flex-1 flex-wrap items-baseline gap-2 text-sm text-muted-foreground">
                  <Badge variant="outline">{ACCESS_LABELS[ENDPOINTS[key].access]}</Badge>
                  {description}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Response format</CardTitle>
          <CardDescription>
            Every response is JSON with <code className="font-mono">success</code>,{' '}
            <code className="font-mono">data</code> and an optional <code className="font-mono">message</code>. A
            failure carries the HTTP status (400 bad input, 401 not signed in, 403 not allowed, 404 not found, 429 rate
            limited) and, instead of <code className="font-mono">data</code>, <code className="font-mono">error</code>{' '}
            (a sentence to show), <code className="font-mono">code</code> (a stable word to act on, such as{' '}
            <code className="font-mono">validation_failed</code> or <code className="font-mono">rate_limited</code>)
            and, for bad input, <code className="font-mono">issues</code>: each refused input with its{' '}
            <code className="font-mono">path</code> and <code className="font-mono">message</code>.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <figure className="flex min-w-0 flex-col gap-2">
            <figcaption className="text-sm font-medium">Success</figcaption>
            <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-mono text-xs">{SUCCESS}</pre>
          </figure>
          <figure className="flex min-w-0 flex-col gap-2">
            <figcaption className="text-sm font-medium">
              Failure, answering <code className="break-all font-mono">{FAILURE_REQUEST}</code>
            </figcaption>
            <pre className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-mono text-xs">{FAILURE}</pre>
          </figure>
        </CardContent>
      </Card>

      <RateLimits />
    </div>
  );
}

function RateLimits() {
  const limits = useLimits();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Rate limits</CardTitle>
        <CardDescription>
          The limits this server enforces now. Past a limit it answers 429 with a{' '}
          <code className="font-mono">Retry-After</code> header. Addresses are counted through a daily-rotating keyed
          hash, never stored.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {limits.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading rate limits">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-8" />
            ))}
          </div>
        ) : limits.isError ? (
          <LoadError
            title="Failed to load rate limits"
            message={errorMessage(limits.error, 'The rate limits could not be loaded.')}
            onRetry={() => void limits.refetch()}
          />
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Rate limits">
            {limits.data.map((l) => (
              <li
                key={l.name}
                className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <span className="flex flex-col">
                  <span className="font-medium">{l.name}</span>
                  <code className="break-all font-mono text-xs text-muted-foreground">{l.description}</code>
                </span>
                <span className="shrink-0 text-sm tabular-nums">
                  {limitRateText(l.max, l.windowSeconds)}{' '}
                  <span className="text-muted-foreground">{LIMIT_SCOPE_LABELS[l.scope]}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
