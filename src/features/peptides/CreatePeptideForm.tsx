// "Create New Peptide" form (docs/product-rules.md, "Forms"): validated in the browser before anything is sent.
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useState, type FormEvent } from 'react';
import { CATEGORIES } from '@contract/vocabulary';
import { PEPTIDE_SEQUENCE_RE, REQUIRED_FIELDS_MESSAGE, SEQUENCE_MESSAGE, cleanList } from '@contract/rules';
import { useCreatePeptide } from '@/api/peptide-mutations';
import { useToast } from '@/app/toast/ToastProvider';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Input, Label, Select, Textarea } from '@/components/ui';

type TextKey = 'name' | 'peptide_sequence' | 'category' | 'description' | 'detailedDescription' | 'mechanism' | 'commonDosage' | 'commonFrequency';
type ListKey = 'commonEffects' | 'sideEffects' | 'commonStacks';

const REQUIRED: TextKey[] = ['name', 'peptide_sequence', 'category', 'description', 'detailedDescription', 'mechanism', 'commonDosage', 'commonFrequency'];

function TagField({ id, label, items, onChange }: { id: string; label: string; items: string[]; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const value = draft.trim();
    if (value && !items.includes(value)) onChange([...items, value]);
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" size="icon" aria-label={`Add ${label}`} onClick={add}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {items.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item}>
              <Badge variant="secondary" className="gap-1">
                {item}
                <button type="button" aria-label={`Remove ${item}`} onClick={() => onChange(items.filter((i) => i !== item))}>
                  <X className="size-3" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CreatePeptideForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const create = useCreatePeptide();
  const [text, setText] = useState<Record<TextKey, string>>({
    name: '', peptide_sequence: '', category: '', description: '', detailedDescription: '', mechanism: '', commonDosage: '', commonFrequency: '',
  });
  const [lists, setLists] = useState<Record<ListKey, string[]>>({ commonEffects: [], sideEffects: [], commonStacks: [] });
  const [dosageRanges, setDosageRanges] = useState({ low: '', medium: '', high: '' });
  const [timeline, setTimeline] = useState({ onset: '', peak: '', duration: '' });
  const [sequenceError, setSequenceError] = useState<string | null>(null);

  const field = (key: TextKey) => ({
    id: `peptide-${key}`,
    value: text[key],
    onChange: (e: { target: { value: string } }) => setText((t) => ({ ...t, [key]: e.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (REQUIRED.some((key) => text[key].trim() === '')) {
      toast({ title: 'Validation Error', description: REQUIRED_FIELDS_MESSAGE, variant: 'destructive' });
      return;
    }
    if (!PEPTIDE_SEQUENCE_RE.test(text.peptide_sequence.trim())) {
      setSequenceError(SEQUENCE_MESSAGE);
      toast({ title: 'Validation Error', description: SEQUENCE_MESSAGE, variant: 'destructive' });
      return;
    }
    setSequenceError(null);
    const body = {
      ...Object.fromEntries(REQUIRED.map((key) => [key, text[key].trim()])),
      category: text.category as (typeof CATEGORIES)[number],
      commonEffects: cleanList(lists.commonEffects),
      sideEffects: cleanList(lists.sideEffects),
      commonStacks: cleanList(lists.commonStacks),
      dosageRanges,
      timeline,
    } as Parameters<typeof create.mutate>[0];
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Peptide created successfully' });
        onDone();
      },
      onError: (error) => toast({ title: 'Failed to create peptide', description: error.message, variant: 'destructive' }),
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
            </div>
            <div className="grid gap-2">
              <Label htmlFor="peptide-category">Category *</Label>
              <Select {...field('category')}>
                <option value="">Select a category</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>{c}</option>
                ))}
              </Select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-peptide_sequence">Peptide Sequence *</Label>
            <Input
              {...field('peptide_sequence')}
              aria-invalid={sequenceError ? true : undefined}
              aria-describedby={sequenceError ? 'peptide-sequence-error' : undefined}
            />
            {sequenceError && (
              <p id="peptide-sequence-error" className="text-sm text-destructive">{sequenceError}</p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-description">Description *</Label>
            <Textarea {...field('description')} rows={2} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-detailedDescription">Detailed Description *</Label>
            <Textarea {...field('detailedDescription')} rows={4} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="peptide-mechanism">Mechanism of Action *</Label>
            <Textarea {...field('mechanism')} rows={3} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="peptide-commonDosage">Common Dosage *</Label>
              <Input {...field('commonDosage')} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="peptide-commonFrequency">Common Frequency *</Label>
              <Input {...field('commonFrequency')} />
            </div>
          </div>
          <TagField id="peptide-commonEffects" label="Common Effects" items={lists.commonEffects} onChange={(v) => setLists((l) => ({ ...l, commonEffects: v }))} />
          <TagField id="peptide-sideEffects" label="Side Effects" items={lists.sideEffects} onChange={(v) => setLists((l) => ({ ...l, sideEffects: v }))} />
          <TagField id="peptide-commonStacks" label="Common Stacks" items={lists.commonStacks} onChange={(v) => setLists((l) => ({ ...l, commonStacks: v }))} />
          <fieldset className="grid gap-2 md:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Dosage Ranges</legend>
            {(['low', 'medium', 'high'] as const).map((k) => (
              <div key={k} className="grid gap-1">
                <Label htmlFor={`dosage-${k}`} className="capitalize">{k}</Label>
                <Input id={`dosage-${k}`} value={dosageRanges[k]} onChange={(e) => setDosageRanges((d) => ({ ...d, [k]: e.target.value }))} />
              </div>
            ))}
          </fieldset>
          <fieldset className="grid gap-2 md:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Timeline</legend>
            {(['onset', 'peak', 'duration'] as const).map((k) => (
              <div key={k} className="grid gap-1">
                <Label htmlFor={`timeline-${k}`} className="capitalize">{k}</Label>
                <Input id={`timeline-${k}`} value={timeline[k]} onChange={(e) => setTimeline((d) => ({ ...d, [k]: e.target.value }))} />
              </div>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onDone} disabled={create.isPending}>Cancel</Button>
            <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Creating...' : 'Create'}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
