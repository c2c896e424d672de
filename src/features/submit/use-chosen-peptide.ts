// The wizard's peptide: the one chosen (its entry in the catalogue feeds the outcomes and the
// preview), and one a link asks for ("Share your experience with BPC-157" on a peptide's page:
// /submit#peptide=<id>). Everything comes from the catalogue, downloaded once and the same for
// everyone (src/api/peptides.ts): no request of the wizard names the peptide, and the fragment
// that carries it is never sent (docs/product-rules.md, "Anonymity"). An older link's
// `?peptide=<id>` still chooses it; either way the address is then replaced without it.
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CatalogueEntry } from '@contract/peptides';
import { UUID_RE } from '@contract/vocabulary';
import { usePeptideCatalogue } from '@/api/peptides';
import { SUBMIT_PEPTIDE_PARAM } from '@/lib/paths';
import { outcomesFor, type WizardForm, type WizardStep } from './wizard-rules';

/** The peptide a link into the wizard asks for: in the fragment, or an older link's query. */
function askedPeptide(hash: string, search: string): string | null {
  const asked =
    new URLSearchParams(hash.replace(/^#/, '')).get(SUBMIT_PEPTIDE_PARAM) ??
    new URLSearchParams(search).get(SUBMIT_PEPTIDE_PARAM);
  return asked === null ? null : asked.toLowerCase();
}

export function useChosenPeptide(
  form: WizardForm,
  setForm: (update: (f: WizardForm) => WizardForm) => void,
  setStep: (step: WizardStep) => void,
) {
  const catalogue = usePeptideCatalogue();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = askedPeptide(location.hash, location.search);

  const choose = useCallback(
    (peptide: CatalogueEntry) => {
      setForm((f) =>
        f.peptideId === peptide._id
          ? f
          : { ...f, peptideId: peptide._id, outcomes: outcomesFor(peptide.commonEffects) },
      );
    },
    [setForm],
  );

  useEffect(() => {
    if (asked === null) return;
    // A valid id waits for the catalogue (a failed download shows in the picker, with the link kept).
    if (UUID_RE.test(asked) && !catalogue.data) return;
    const found = catalogue.data?.find((p) => p._id === asked);
    if (found) {
      choose(found);
      setStep(1);
    }
    // The link has done its work: a reload or Back does not choose it again over later changes.
    void navigate({ pathname: location.pathname }, { replace: true, state: location.state });
  }, [asked, catalogue.data, choose, setStep, navigate, location.pathname, location.state]);

  const peptide = form.peptideId ? catalogue.data?.find((p) => p._id === form.peptideId) : undefined;
  return { peptide, loading: Boolean(form.peptideId) && catalogue.isPending, choose };
}
