// A searchable choice among every peptide: the WAI-ARIA combobox pattern with a
// listbox popup (typing narrows, arrow keys move, Enter chooses, Escape closes, the chosen name
// stays in the field). The caller searches and passes its answer in (components never call the
// API): the wizard and a correction on the device (`useCatalogueSearch` in src/api/peptides.ts,
// nothing typed is sent), Community's filter on the server (`usePeptideSearch`).
// While a server's answer for newer text is on its way, the list shown is the earlier answer narrowed to
// what the text matches (contract/rules.ts), every option a true match. Unless that is already the
// whole new answer, the list is busy and a pointer's press on it is ignored: the answer's arrival
// could move another peptide under a pointer about to press. Enter chooses the highlighted option
// at once: the highlight follows a peptide, not a place in the list.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { peptideMatchesSearch, peptideSearchNarrows } from '@contract/rules';
import { fieldClasses } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

export interface PeptideOption {
  _id: string;
  name: string;
  category: string;
  /** Searched too (contract/rules.ts peptideMatchesSearch). */
  description?: string;
  totalExperiences?: number;
}

/** A search's answer: the matches (a first page), how many match in all, and its state. */
export interface PeptideSearchAnswer {
  options: readonly PeptideOption[];
  total: number;
  /** The text `options` answer (trimmed), when it may be an earlier one than the query. */
  answering?: string;
  loading: boolean;
  failed?: boolean;
}

export interface PeptidePickerProps {
  /** The text field's id, for its <label>. */
  id: string;
  selected: PeptideOption | null;
  onSelect: (peptide: PeptideOption | null) => void;
  /** What is typed; the caller searches the server with it. */
  query: string;
  onQueryChange: (query: string) => void;
  /** The caller's search for `query`, as its hook answers it (src/api/peptides.ts). */
  search: PeptideSearchAnswer;
  /** A first option that chooses nothing ("All peptides"); without it a choice cannot be undone here. */
  noneLabel?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  onBlur?: () => void;
}

/** An option's identity: its peptide, or the choice of none. */
const keyOf = (choice: PeptideOption | null) => choice?._id ?? '';

const reportsText = (p: PeptideOption) =>
  p.totalExperiences === undefined
    ? ''
    : `${formatCount(p.totalExperiences)} ${p.totalExperiences === 1 ? 'report' : 'reports'}`;

export function PeptidePicker({
  id,
  selected,
  onSelect,
  query,
  onQueryChange,
  search,
  noneLabel,
  placeholder = 'Type to search peptides',
  invalid,
  describedBy,
  onBlur,
}: PeptidePickerProps) {
  const { options, total, answering, loading, failed = false } = search;
  const listId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // Typing shows the query; otherwise the field shows the chosen peptide's name.
  const [typing, setTyping] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // A press on a busy list chooses nothing; the status line then says so, for whoever cannot see
  // the dimmed list (a screen reader activating an option directly). Cleared by typing.
  const [pressedWhileBusy, setPressedWhileBusy] = useState(false);
  const typed = query.trim();
  const behind = answering !== undefined && answering !== typed;
  const listed = behind ? options.filter((p) => peptideMatchesSearch(p, typed)) : options;
  // The earlier answer listed all its matches and the text narrows it: the list is the new answer.
  const busy = behind && !(total <= options.length && peptideSearchNarrows(answering, typed));
  const choices: (PeptideOption | null)[] = [...(noneLabel && !typed ? [null] : []), ...listed];
  const active = activeKey === null ? -1 : choices.findIndex((c) => keyOf(c) === activeKey);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setTyping(false);
    setActiveKey(null);
    setPressedWhileBusy(false);
  };
  const choose = (choice: PeptideOption | null) => {
    onSelect(choice);
    onQueryChange('');
    close();
  };
  const move = (by: number) => {
    if (!open) setOpen(true);
    if (!choices.length) return;
    setActiveKey(keyOf(choices[(active + by + choices.length) % choices.length]));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(open ? 1 : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter' && open) {
      // Enter chooses here; it must not send the form around the field.
      event.preventDefault();
      const choice = active >= 0 ? choices[active] : choices.length === 1 ? choices[0] : undefined;
      if (choice !== undefined) choose(choice);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onQueryChange('');
      close();
    }
  };

  const shownValue = typing ? query : (selected?.name ?? '');
  const more = total - listed.length;
  const status =
    busy && pressedWhileBusy
      ? 'Still searching: nothing was chosen. Choose the peptide again once the list is ready.'
      : loading
        ? 'Searching…'
        : failed
          ? 'Could not search the peptides. Check your connection, then type again.'
          : listed.length === 0
            ? query.trim()
              ? `No peptide matches “${query.trim()}”.`
              : 'No peptides yet.'
            : more > 0
              ? `${formatCount(total)} peptides match; the first ${listed.length} are listed. Type more of the name to narrow them.`
              : `${formatCount(total)} ${total === 1 ? 'peptide matches' : 'peptides match'}.`;

  return (
    <div className="relative">
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, open ? statusId : undefined].filter(Boolean).join(' ') || undefined}
          placeholder={selected ? undefined : placeholder}
          value={shownValue}
          className={cn(fieldClasses, 'h-10 pr-10')}
          onChange={(e) => {
            setTyping(true);
            setOpen(true);
            setActiveKey(null);
            setPressedWhileBusy(false);
            onQueryChange(e.target.value);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onQueryChange('');
            onBlur?.();
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? 'Close the list of peptides' : 'Show the list of peptides'}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground"
          // Keeps focus in the field, so its blur does not close the list this press opens.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) close();
            else setOpen(true);
            input.current?.focus();
          }}
        >
          {/* Drawn here rather than taken from the icon set: a shared icon would join the first load's icon chunk. */}
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="m6 9 6 6 6-6" />
          </svg>
        </button>
      </div>
      {open && (
        <div className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg">
          {/* Always there while open (aria-controls points at it), empty when nothing matches. */}
          <ul
            id={listId}
            role="listbox"
            aria-label="Peptides"
            aria-busy={busy || undefined}
            className={cn('max-h-72 overflow-y-auto', choices.length > 0 && 'py-1')}
          >
            {choices.map((choice, i) => (
              <li
                // Name, then category and reports, read with a pause between them.
                aria-label={
                  choice ? [choice.name, choice.category, reportsText(choice)].filter(Boolean).join(', ') : noneLabel
                }
                key={choice?._id ?? 'none'}
                id={optionId(i)}
                role="option"
                aria-selected={choice ? selected?._id === choice._id : selected === null}
                className={cn(
                  'flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2 text-sm',
                  busy && choice && 'cursor-progress text-muted-foreground',
                  i === active && 'bg-muted',
                  (choice ? selected?._id === choice._id : selected === null) && 'font-semibold text-primary-strong',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActiveKey(keyOf(choice))}
                onClick={() => {
                  if (busy && choice) setPressedWhileBusy(true);
                  else choose(choice);
                }}
              >
                {/* The name keeps at least 6rem; a long category wraps under it rather than squeezing it. */}
                <span className="min-w-0 flex-[1_1_6rem] [overflow-wrap:anywhere]">
                  {choice ? choice.name : noneLabel}
                </span>
                {choice && (
                  <span className="text-xs font-normal text-muted-foreground">
                    {[choice.category, reportsText(choice)].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p id={statusId} role="status" className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
            {status}
          </p>
        </div>
      )}
    </div>
  );
}
