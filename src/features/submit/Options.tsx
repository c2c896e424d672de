// The <option>s of a wizard select, labelled by the one labelling module (contract/vocabulary.ts).
import { optionLabel } from '@contract/vocabulary';

export function Options({ values, placeholder }: { values: readonly string[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {optionLabel(v)}
        </option>
      ))}
    </>
  );
}
