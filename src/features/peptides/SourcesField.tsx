// The create form's Sources field (docs/product-rules.md, "Reference pages"): one source a line,
// each a web address or a citation, checked by the contract's rule before anything is sent; the
// server's refusal of a citation (a link, email or phone number in it) lands here too.
import { SOURCE_LIMITS, checkSources, sourceLines } from '@contract/sources';
import { Label, Textarea } from '@/components/ui';

export const SOURCES_ID = 'peptide-sources';
export const SOURCES_HINT = `At least one: a link to a study or article, or a citation. One per line, up to ${SOURCE_LIMITS.max}.`;

/**
 * A refusal as the field shows it: the contract's and the server's sentences start with the
 * field's name ("sources: source 2 is …"), which the label already says.
 */
export function underField(message: string, field = 'sources'): string {
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field's problem before sending, or undefined. */
export function sourcesProblem(text: string): string | undefined {
  const checked = checkSources(sourceLines(text));
  return checked.problem === undefined ? undefined : underField(checked.problem);
}

export function SourcesField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (next: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={SOURCES_ID}>Sources *</Label>
      <Textarea
        id={SOURCES_ID}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        placeholder={'https://pubmed.ncbi.nlm.nih.gov/…\nAuthor A et al. (2020), Journal 12:345'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${SOURCES_ID}-hint ${SOURCES_ID}-error` : `${SOURCES_ID}-hint`}
      />
      <p id={`${SOURCES_ID}-hint`} className="text-xs text-muted-foreground">
        {SOURCES_HINT}
      </p>
      {error && (
        <p id={`${SOURCES_ID}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}
