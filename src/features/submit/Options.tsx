// The <option>s of a wizard select. The slug-to-label rule is the one the wizard has always used;
// the app-wide labelling module replaces it (issue 16 item 3).
function label(value: string): string {
  return value
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function Options({ values, placeholder }: { values: readonly string[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </>
  );
}
