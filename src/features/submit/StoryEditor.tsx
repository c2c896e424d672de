// Step 4's story editor: Write/Preview tabs, a bold button, the length counter with its tone,
// read time and writing prompts (rules from contract/rules.ts). The length rule is stated once, in
// the counter, which turns into the field's error when the step is refused; a text longer than the
// limit is kept whole and shown in red (no maxLength cutting a paste short).
import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { STORY_MAX_SUBMIT, STORY_MIN } from '@contract/rules';
import { readTimeText, storyCounterMessage, storyCounterTone, storyLength } from '@contract/story';
import { StoryText } from '@/components/experience/StoryText';
import { Button, Label } from '@/components/ui';
import { fieldClasses } from '@/components/ui/field-styles';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { FieldError } from './Field';

const WRITING_PROMPTS = [
  'What made you decide to try this peptide?',
  'How did you feel during the first week?',
  'What changes did you notice over time?',
  'Did you experience any side effects?',
  'Would you recommend it to others, and why?',
];
/** Bold with nothing selected inserts this, selected, so typing replaces it (as GitHub's editor does). */
export const BOLD_PLACEHOLDER = 'bold text';
// The -700 shades keep 4.5:1 on the light card; -400 on the dark one.
const TONE_CLASS = {
  orange: 'text-orange-700 dark:text-orange-400',
  green: 'text-green-700 dark:text-green-400',
  red: 'text-red-700 dark:text-red-400',
};

type Props = { value: string; onChange: (v: string) => void; max?: number; error?: string; onBlur?: () => void };

export function StoryEditor({ value, onChange, max = STORY_MAX_SUBMIT, error, onBlur }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // Counted as the server will store it: spaces around the text are not part of the story.
  const length = storyLength(value);
  const tone = storyCounterTone(length, max);
  const readTime = readTimeText(value);
  // The length rule's own message is the counter: no second sentence under the field.
  const lengthError = Boolean(error) && (length < STORY_MIN || length > max);
  const describedBy = ['story-counter', error && !lengthError ? 'story-error' : null].filter(Boolean).join(' ');
  const bold = () => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const inner = start === end ? BOLD_PLACEHOLDER : value.slice(start, end);
    const next = `${value.slice(0, start)}**${inner}**${value.slice(end)}`;
    if (next.length > max) return;
    // Rendered first, then selected: selecting before React writes the new value is undone.
    flushSync(() => onChange(next));
    el?.focus();
    el?.setSelectionRange(start + 2, start + 2 + inner.length);
  };
  const insert = (prompt: string) => {
    const next = value ? `${value}\n\n${prompt} ` : `${prompt} `;
    if (next.length <= max) onChange(next);
  };
  return (
    <div className="space-y-3">
      <Tabs defaultValue="write">
        <TabsList>
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={bold} aria-label="Bold">
              <strong>B</strong>
            </Button>
          </div>
          <Label htmlFor="story">Your story</Label>
          <textarea
            className={cn(fieldClasses, 'min-h-40 py-2')}
            id="story"
            ref={ref}
            rows={8}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onBlur={onBlur}
            onChange={(e) => onChange(e.target.value)}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p
              id="story-counter"
              className={lengthError ? 'font-medium text-destructive-text' : TONE_CLASS[tone]}
              data-tone={tone}
            >
              {length}/{max} · {storyCounterMessage(length, max)}
            </p>
            {readTime && <span className="text-muted-foreground">{readTime}</span>}
          </div>
          <FieldError id="story" error={lengthError ? undefined : error} />
        </TabsContent>
        <TabsContent value="preview">
          <div data-testid="story-preview" className="min-h-32 rounded-md border p-3 text-sm">
            {value.trim() ? (
              <StoryText as="span" story={value} />
            ) : (
              <span className="text-muted-foreground">Nothing to preview yet.</span>
            )}
          </div>
        </TabsContent>
      </Tabs>
      <div className="space-y-1">
        <p className="text-sm font-medium">Writing prompts</p>
        <div className="flex flex-wrap gap-2">
          {WRITING_PROMPTS.map((p) => (
            // Not a <Button>: its nowrap and fixed height cannot be overridden (cn does not merge
            // classes), and a prompt is a sentence wider than a 360 px card on one line.
            <button
              key={p}
              type="button"
              className="min-h-8 max-w-full rounded-md bg-secondary px-3 py-1.5 text-left text-sm font-medium text-secondary-foreground transition-colors hover:bg-secondary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              onClick={() => insert(p)}
            >
              {p}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
