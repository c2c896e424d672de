// Community's peptide filter: the peptides that have reports, by name. A peptide chosen through a
// shared link but not in that list (no published report yet, or beyond the first page of the
// catalogue) is still offered, by its own name, so the select always shows what filters the list.
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/vocabulary';
import { peptideQueryOptions, usePeptides } from '@/api/peptides';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

export function PeptideFilter({ value, onChange }: { value: string; onChange: (peptide: string) => void }) {
  // The most reported peptides first, so a catalogue of more than a page still offers the ones with reports.
  const catalogue = usePeptides({ sort: 'experiences', limit: MAX_PAGE_SIZE });
  const listed = (catalogue.data?.peptides ?? []).filter((p) => p.totalExperiences > 0 || p._id === value);
  const missing = value !== '' && !listed.some((p) => p._id === value);
  const chosen = useQuery({ ...peptideQueryOptions(value), enabled: missing });
  const options = [...listed, ...(missing && chosen.data ? [chosen.data] : [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="grid gap-1.5">
      <Label htmlFor="community-peptide">Peptide</Label>
      <Select id="community-peptide" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All Peptides</option>
        {missing && !chosen.data && <option value={value}>{chosen.isError ? 'Unknown peptide' : 'Loading...'}</option>}
        {options.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
