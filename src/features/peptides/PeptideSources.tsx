// A peptide page's sources (docs/product-rules.md, "Reference pages"): a web address is a link
// that opens in a new tab and passes no ranking or referrer (rel nofollow ugc noopener
// noreferrer), shown as its host and path, shortened; a citation is text.
import ExternalLink from 'lucide-react/icons/external-link';
import { isUrlSource, shortUrl } from '@contract/sources';

export const SOURCE_LINK_REL = 'nofollow ugc noopener noreferrer';

export function SourceList({ sources }: { sources: readonly string[] }) {
  if (sources.length === 0) return <p className="text-muted-foreground">No sources given.</p>;
  return (
    <ol className="grid list-decimal gap-2 pl-5 marker:text-muted-foreground">
      {sources.map((source) => (
        <li key={source} className="min-w-0 break-words [overflow-wrap:anywhere]">
          {isUrlSource(source) ? (
            <a
              href={source}
              target="_blank"
              rel={SOURCE_LINK_REL}
              title={source}
              className="rounded-sm text-primary-strong underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {shortUrl(source)}
              {/* Inline after the last word, so it follows the text when it wraps. */}
              <ExternalLink className="ml-1 inline size-3 align-[-0.1em]" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span>{source}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
