// The wizard's peptide: the one chosen (its details feed the outcomes and the preview), and one a
// link asks for ("Share your experience with BPC-157" on a peptide's page: /submit?peptide=<id>).
// The peptide's id is public, so it may travel in the address; nothing about the report does.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Peptide } from '@contract/peptides';
import { UUID_RE } from '@contract/vocabulary';
import { peptideQueryOptions } from '@/api/peptides';
import { SUBMIT_PEPTIDE_PARAM } from '@/lib/paths';
import { outcomesFor, type WizardForm, type WizardStep } from './wizard-rules';

export function useChosenPeptide(form: WizardForm, setForm: (update: (f: WizardForm) => WizardForm) => void, setStep: (step: WizardStep) => void) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = (params.get(SUBMIT_PEPTIDE_PARAM) ?? '').toLowerCase();
  const askedQuery = useQuery({ ...peptideQueryOptions(asked), enabled: UUID_RE.test(asked) });
  const chosen = useQuery({ ...peptideQueryOptions(form.peptideId), enabled: Boolean(form.peptideId) });

  const choose = useCallback(
    (peptide: Peptide) => {
      queryClient.setQueryData(peptideQueryOptions(peptide._id).queryKey, peptide);
      setForm((f) => (f.peptideId === peptide._id ? f : { ...f, peptideId: peptide._id, outcomes: outcomesFor(peptide.commonEffects) }));
    },
    [queryClient, setForm],
  );

  useEffect(() => {
    if (!asked || askedQuery.isLoading) return;
    if (askedQuery.data) {
      choose(askedQuery.data);
      setStep(1);
    }
    // The link has done its work: a reload or Back does not choose it again over later changes.
    setParams(
      (p) => {
        p.delete(SUBMIT_PEPTIDE_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [asked, askedQuery.isLoading, askedQuery.data, choose, setStep, setParams]);

  return { peptide: chosen.data, loading: Boolean(form.peptideId) && chosen.isPending, choose };
}
