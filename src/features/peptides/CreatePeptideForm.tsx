// "Create New Peptide" form (docs/product-rules.md, "Forms"): validated in the browser before
// anything is sent, each problem under its field (the first one focused), and so is a field the
// server refuses; once created, the new peptide's page opens.
import { useState, type FormEvent } from 'react';
import type { Peptide } from '@contract/peptides';
import { CATEGORIES } from '@contract/vocabulary';
import { PEPTIDE_SEQUENCE_RE, SEQUENCE_MESSAGE, cleanList } from '@contract/rules';
import { sourceLines } from '@contract/sources';
import { Link } from 'react-router-dom';
import { ApiError, existingOf, refusedInputs } from '@/api/errors';
import { useCreatePeptide } from '@/api/peptide-mutations';
import { useToast } from '@/app/toast/ToastProvider';
import { paths } from '@/lib/paths';
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Label, Select, Textarea } from '@/components/ui';
import { SOURCES_ID, SourcesField, sourcesProblem, underField } from './SourcesField';
import { TagField } from './TagField';

type TextKey =
  | 'name'
  | 'peptide_sequence'
  | 'category'
  | 'description'
  | 'detailedDescription'
  | 'mechanism'
  | 'commonDosage'
  | 'commonFrequency';
type ListKey = 'commonEffects' | 'sideEffects' | 'commonStacks';
/** The fields a problem can be shown under. */
type FieldKey = TextKey | 'sources';

const REQUIRED: TextKey[] = [
  'name',
  'peptide_sequence',
  'category',
  'description',
  'detailedDescription',
  'mechanism',
  'commonDosage',
  'commonFrequency',
];

/** What an empty required field says, in its own words. */
const MISSING: Record<TextKey, string> = {
  name: 'Enter the peptide’s name',
  peptide_sequence: 'Enter its sequence, like GHK-Cu',
  category: 'Choose a category',
  description: 'Enter a short description',
  detailedDescription: 'Enter a detailed description',
  mechanism: 'Describe its mechanism of action',
  commonDosage: 'Enter a common dosage, like 250 mcg',
  commonFrequency: 'Enter a common frequency, like daily',
};

/** The form's problems, at most one per field, in the order of the form. */
function problemsOf(text: Record<TextKey, string>): Partial<Record<TextKey, string>> {
  const problems: Partial<Record<TextKey, string>> = {};
  for (const key of REQUIRED) if (text[key].trim() === '') problems[key] = MISSING[key];
  if (!problems.peptide_sequence && !PEPTIDE_SEQUENCE_RE.test(text.peptide_sequence.trim()))
    problems.peptide_sequence = SEQUENCE_MESSAGE;
  return problems;
}

const FIELD_ORDER: FieldKey[] = [
  'name',
  'category',
  'peptide_sequence',
  'description',
  'detailedDescription',
  'mechanism',
  'commonDosage',
  'commonFrequency',
  'sources',
];
const fieldId = (key: FieldKey) => (key === 'sources' ? SOURCES_ID : `peptide-${key}`);

export function CreatePeptideForm({
  onDone,
  onCreated,
}: {
  onDone: () => void;
  onCreated: (peptide: Peptide) => void;
}) {
  const { toast } = useToast();
  const create = useCreatePeptide();
  const [text, setText] = useState<Record<TextKey, string>>({
    name: '',
    peptide_sequence: '',
    category: '',
    description: '',
    detailedDescription: '',
    mechanism: '',
    commonDosage: '',
    commonFrequency: '',
  });
  const [lists, setLists] = useState<Record<ListKey, string[]>>({
    commonEffects: [],
    sideEffects: [],
    commonStacks: [],
  });
  const [dosageRanges, setDosageRanges] = useState({ low: '', medium: '', high: '' });
  const [timeline, setTimeline] = useState({ onset: '', peak: '', duration: '' });
  const [sources, setSources] = useState('');
  // Shown once Create was pressed, then kept current as each field is fixed; the server's, until
  // the field it names changes.
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<FieldKey, string>>>({});
  // The peptide a refused name collides with (the 409's `existing`): linked under Name until it changes.
  const [existing, setExisting] = useState<{ id: string; name: string }>();
  const problems: Partial<Record<FieldKey, string>> = attempted
    ? { ...problemsOf(text), sources: sourcesProblem(sources) }
    : {};
  for (const key of FIELD_ORDER) problems[key] ??= refused[key];
  const forget = (key: FieldKey) => {
    setRefused((r) => (r[key] ? { ...r, [key]: undefined } : r));
    if (key === 'name') setExisting(undefined);
  };

  const field = (key: TextKey) => ({
    id: `peptide-${key}`,
    value: text[key],
    onChange: (e: { target: { value: string } }) => {
      setText((t) => ({ ...t, [key]: e.target.value }));
      forget(key);
    },
    'aria-invalid': problems[key] ? true : undefined,
    'aria-describedby': problems[key] ? `peptide-${key}-error` : undefined,
  });
  const problem = (key: TextKey) =>
    problems[key] ? (
      <p id={`peptide-${key}-error`} className="text-sm text-destructive-text">
        {problems[key]}
        {key === 'name' && existing && problems.name === refused.name && (
          <>
            {' '}
            <Link
              to={paths.peptide(existing.id)}
              className="font-medium text-primary-strong underline underline-offset-2"
            >
              Open {existing.name}
            </Link>
          </>
        )}
      </p>
    ) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found: Partial<Record<FieldKey, string>> = { ...problemsOf(text), sources: sourcesProblem(sources) };
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const body = {
      ...Object.fromEntries(REQUIRED.map((key) => [key, text[key].trim()])),
      category: text.category as (typeof CATEGORIES)[number],
      commonEffects: cleanList(lists.commonEffects),
      sideEffects: cleanList(lists.sideEffects),
      commonStacks: cleanList(lists.commonStacks),
      dosageRanges,
      timeline,
      sources: sourceLines(sources),
    } as Parameters<typeof create.mutate>[0];
    create.mutate(body, {
      onSuccess: (peptide) => {
        toast({ title: 'Success', description: 'Peptide created successfully' });
        onCreated(peptide);
      },
      onError: (error) => {
        // A name taken already (409) is said under Name, with a link to the peptide that has it.
        if (error instanceof ApiError && error.status === 409) {
          setExisting(existingOf(error));
          setRefused({ name: error.message });
          document.getElementById(fieldId('name'))?.focus();
          return;
        }
        // A 400 naming a field is shown under it (the first focused), not in a toast.
        const named = refusedInputs(error).filter((i): i is { path: FieldKey; message: string } =>
          FIELD_ORDER.includes(i.path as FieldKey),
        );
        if (!named.length)
          return toast({ title: 'Failed to create peptide', description: error.message, variant: 'destructive' });
        setRefused(Object.fromEntries(named.map((i) => [i.path, underField(i.message, i.path)])));
        document.getElementById(fieldId(named[0].path))?.focus();
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New Peptide</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="peptide-name">Name *</Label>
              <Input {...field('name')} />
              {problem('name')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="peptide-category">Category *</Label>
              <Select {...field('category')}>
                <option value="">Select a category</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
              {problem('category')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-peptide_sequence">Peptide Sequence *</Label>
            <Input {...field('peptide_sequence')} />
            {problem('peptide_sequence')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-description">Description *</Label>
            <Textarea {...field('description')} rows={2} />
            {problem('description')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-detailedDescription">Detailed Description *</Label>
            <Textarea {...field('detailedDescription')} rows={4} />
            {problem('detailedDescription')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-mechanism">Mechanism of Action *</Label>
            <Textarea {...field('mechanism')} rows={3} />
            {problem('mechanism')}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="peptide-commonDosage">Common Dosage *</Label>
              <Input {...field('commonDosage')} />
              {problem('commonDosage')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="peptide-commonFrequency">Common Frequency *</Label>
              <Input {...field('commonFrequency')} />
              {problem('commonFrequency')}
            </div>
          </div>
          <SourcesField
            value={sources}
            onChange={(next) => {
              setSources(next);
              forget('sources');
            }}
            error={problems.sources}
          />
          <TagField
            id="peptide-commonEffects"
            label="Common Effects"
            items={lists.commonEffects}
            onChange={(v) => setLists((l) => ({ ...l, commonEffects: v }))}
          />
          <TagField
            id="peptide-sideEffects"
            label="Side Effects"
            items={lists.sideEffects}
            onChange={(v) => setLists((l) => ({ ...l, sideEffects: v }))}
          />
          <TagField
            id="peptide-commonStacks"
            label="Common Stacks"
            items={lists.commonStacks}
            onChange={(v) => setLists((l) => ({ ...l, commonStacks: v }))}
          />
          <fieldset className="grid gap-2 md:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Dosage Ranges</legend>
            {(['low', 'medium', 'high'] as const).map((k) => (
              <div key={k} className="grid gap-1">
                <Label htmlFor={`dosage-${k}`} className="capitalize">
                  {k}
                </Label>
                <Input
                  id={`dosage-${k}`}
                  value={dosageRanges[k]}
                  onChange={(e) => setDosageRanges((d) => ({ ...d, [k]: e.target.value }))}
                />
              </div>
            ))}
          </fieldset>
          <fieldset className="grid gap-2 md:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Timeline</legend>
            {(['onset', 'peak', 'duration'] as const).map((k) => (
              <div key={k} className="grid gap-1">
                <Label htmlFor={`timeline-${k}`} className="capitalize">
                  {k}
                </Label>
                <Input
                  id={`timeline-${k}`}
                  value={timeline[k]}
                  onChange={(e) => setTimeline((d) => ({ ...d, [k]: e.target.value }))}
                />
              </div>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onDone} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
