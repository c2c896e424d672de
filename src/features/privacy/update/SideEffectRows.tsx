// The side effects of the correction form: one row per side effect (its name, a severity choice
// labelled "Severity of <name>", Remove) and a row to add one, which starts with no severity so
// the person chooses it (docs/product-rules.md, "Side effects"). Save refuses a side effect
// without a severity (correction-form.ts) and focuses the first such choice.
import {
  SEVERITIES,
  SEVERITY_LABELS,
  SIDE_EFFECT_NAME_MAX,
  SIDE_EFFECTS_MAX,
  type Severity,
} from '@contract/side-effects';
import { AddNameRow } from '@/components/form/AddNameRow';
import { Button, Label, Select } from '@/components/ui';
import { fieldId, Problem, type FieldsProps } from './CorrectionFields';

/** What the add row asks before adding: a name, new, and room for it. */
function addProblem(name: string, listed: readonly { name: string }[]): string | null {
  if (!name) return 'Enter the name of a side effect';
  const existing = listed.find((s) => s.name.trim().toLowerCase() === name.toLowerCase());
  if (existing) return `${existing.name} is on the list already`;
  if (name.length > SIDE_EFFECT_NAME_MAX) return `A name must be at most ${SIDE_EFFECT_NAME_MAX} characters`;
  if (listed.length >= SIDE_EFFECTS_MAX) return `List at most ${SIDE_EFFECTS_MAX} side effects`;
  return null;
}

export function SideEffectRows({
  form,
  set,
  errors,
  pending,
  setPending,
  addError,
  setAddError,
}: FieldsProps & {
  pending: string;
  setPending: (text: string) => void;
  addError: string | null;
  setAddError: (text: string | null) => void;
}) {
  const listed = form.sideEffects;
  const error = addError ?? errors.sideEffects;
  const errorId = `${fieldId('sideEffects')}-error`;
  // The field's id goes to what Save focuses: the first severity not chosen, else the add box.
  const firstMissing = listed.findIndex((s) => !s.severity);
  const rowId = (i: number) => (i === firstMissing ? fieldId('sideEffects') : `update-side-effect-${i}`);
  const addId = firstMissing < 0 ? fieldId('sideEffects') : 'update-side-effect-name';
  const add = () => {
    const name = pending.trim();
    const problem = addProblem(name, listed);
    setAddError(problem);
    if (problem) return;
    set('sideEffects', [...listed, { name, severity: '' }]);
    setPending('');
  };
  return (
    <fieldset className="grid gap-3" aria-describedby="update-side-effects-help">
      <legend className="mb-1 text-sm font-semibold">Side effects</legend>
      <p id="update-side-effects-help" className="text-xs text-muted-foreground">
        Each with how bad it was. Side effects never change your report’s rating; none listed means none.
      </p>
      {listed.length > 0 && (
        <ul className="grid gap-2">
          {listed.map((s, i) => (
            <li key={s.name} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{s.name}</span>
              <div className="flex items-center gap-2">
                <Label htmlFor={rowId(i)} className="sr-only">
                  Severity of {s.name}
                </Label>
                <Select
                  id={rowId(i)}
                  className="w-40"
                  value={s.severity}
                  aria-invalid={(errors.sideEffects && !s.severity) || undefined}
                  aria-describedby={errors.sideEffects && !s.severity ? errorId : undefined}
                  onChange={(e) =>
                    set(
                      'sideEffects',
                      listed.map((x, j) => (j === i ? { ...x, severity: e.target.value as Severity | '' } : x)),
                    )
                  }
                >
                  <option value="">Choose severity</option>
                  {SEVERITIES.map((v) => (
                    <option key={v} value={v}>
                      {SEVERITY_LABELS[v]}
                    </option>
                  ))}
                </Select>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${s.name}`}
                  onClick={() =>
                    set(
                      'sideEffects',
                      listed.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddNameRow
        id={addId}
        label="Add a side effect"
        action="Add side effect"
        className="grid gap-1.5"
        value={pending}
        onValueChange={(text) => {
          setPending(text);
          setAddError(null);
        }}
        onAdd={add}
        // The message shows under the whole list (below), tied to this box only while it is the add row's.
        problem={addError ? { id: errorId } : undefined}
      />
      <Problem field="sideEffects" errors={error ? { sideEffects: error } : {}} />
    </fieldset>
  );
}
