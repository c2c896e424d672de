// The one renderer of a story, wherever one is shown (cards, detail pages, the submitter's lookup,
// the wizard's preview): `**bold**` is its only formatting (parseBold in contract/rules.ts), and
// user text is only ever rendered as text, never as HTML.
import { parseBold } from '@contract/rules';
import { cn } from '@/lib/cn';

interface StoryTextProps {
  story: string;
  /** A paragraph by default; a span inside a line of text (a definition, a preview box). */
  as?: 'p' | 'span';
  className?: string;
}

/**
 * Line breaks show as typed; runs of spaces collapse, as everywhere else on the page. A word wider
 * than the column breaks anywhere, and (unlike `break-words`) counts as narrow when the layout
 * sizes the column, so a pasted sequence never widens its card past a phone's screen
 * (tests/e2e/phone.test.ts).
 */
export function StoryText({ story, as: Tag = 'p', className }: StoryTextProps) {
  return (
    <Tag className={cn('whitespace-pre-line [overflow-wrap:anywhere]', className)}>
      {parseBold(story).map((run, i) =>
        run.bold ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
      )}
    </Tag>
  );
}
