// Community's peptide filter: a searchable choice among every peptide, searched on the server as
// the person types (most reported first, each with its number of reports), so a catalogue of any
// size can be filtered by. A peptide chosen through a shared link shows by its own name.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { peptideQueryOptions, usePeptideSearch } from '@/api/peptides';
import { PeptidePicker } from '@/components/peptide-picker/PeptidePicker';
import { Label } from '@/components/ui/label';

const ALL_PEPTIDES = 'All peptides';

export function PeptideFilter({ value, onChange }: { value: string; onChange: (peptide: string) => void }) {
  const [query, setQuery] = useState('');
  const search = usePeptideSearch(query, 'experiences');
  const chosen = useQuery({ ...peptideQueryOptions(value), enabled: value !== '' });
  const selected = value === '' ? null : (chosen.data ?? search.options.find((p) => p._id === value) ?? null);

  return (
    <div className="grid gap-1.5">
      <Label htmlFor="community-peptide">Peptide</Label>
      <PeptidePicker
        id="community-peptide"
        selected={selected}
        onSelect={(p) => onChange(p?._id ?? '')}
        query={query}
        onQueryChange={setQuery}
        search={search}
        noneLabel={ALL_PEPTIDES}
        placeholder={
          value !== '' && chosen.isPending
            ? 'Loading…'
            : value !== '' && chosen.isError
              ? 'Unknown peptide'
              : ALL_PEPTIDES
        }
      />
    </div>
  );
}
