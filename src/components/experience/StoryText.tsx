import { parseBold } from '@contract/rules';
import { cn } from '@/lib/cn';

/** A story with `**bold**` as its only formatting; user text is only ever rendered as text. */
export function StoryText({ story, className }: { story: string; className?: string }) {
  return (
    <p className={cn('whitespace-pre-line break-words', className)}>
      {parseBold(story).map((run, i) => (run.bold ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>))}
    </p>
  );
}
