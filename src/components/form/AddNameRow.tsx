// The row that adds a name to a list: a text box (with suggestions when given), an "Add ..."
// button, Enter adding instead of submitting the form around it, and the problem under it. The
// wizard's step 3 (benefits, side effects) and the Update dialog (the same two) each use one; what
// the name is checked against stays with them (the row only calls onAdd).
import type { ReactNode } from 'react';
import { Button, Input, Label } from '@/components/ui';

type Props = {
  /** The text box's id, which its label names. */
  id: string;
  label: string;
  /** The button's text ("Add effect"). */
  action: string;
  value: string;
  onValueChange: (text: string) => void;
  /** Called by the button and by Enter in the box. */
  onAdd: () => void;
  placeholder?: string;
  /** Names the box suggests as it is typed in: the datalist's id and its names. */
  suggestions?: { id: string; names: readonly string[] };
  /**
   * The problem the box is tied to (aria-invalid, aria-describedby): the message's id, and its
   * text when it shows under this row (without text, the form shows it elsewhere).
   */
  problem?: { id: string; text?: string };
  /** Shown under the row, above the problem (a note on the list's limit). */
  children?: ReactNode;
  /** The wrapper's spacing, as the form around it spaces its fields. */
  className?: string;
};

export function AddNameRow({
  id,
  label,
  action,
  value,
  onValueChange,
  onAdd,
  placeholder,
  suggestions,
  problem,
  children,
  className = 'space-y-2',
}: Props) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1 basis-40"
          list={suggestions?.id}
          placeholder={placeholder}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem?.id}
          onChange={(e) => onValueChange(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the name here instead of submitting the form.
            if (e.key === 'Enter') {
              e.preventDefault();
              onAdd();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={onAdd}>
          {action}
        </Button>
      </div>
      {children}
      {problem?.text && (
        <p id={problem.id} className="text-sm text-destructive-text">
          {problem.text}
        </p>
      )}
      {suggestions && (
        <datalist id={suggestions.id}>
          {suggestions.names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </div>
  );
}
