// Step 4's one sourcing section, saying exactly what is private and what is published: sourcing is
// stored with the report, and its vendor host, batch ID and volume appear on the public card only
// when "Publish sourcing details" is ticked (server/services/public-view.ts vendorOf; purity never).
import { Input, Label } from '@/components/ui';
import { errorProps, FieldError } from './Field';
import type { StepProps } from './steps/step-props';

type Props = StepProps;
type SourcingField = 'sourcingVendorUrl' | 'sourcingPurity' | 'sourcingVolumeMl' | 'sourcingBatchId';

/** An optional sourcing field: when filled but invalid it is outlined in red with the reason under it (wizard-validation.ts). */
function SourcingInput({
  field,
  text,
  form,
  errors,
  onBlur,
  set,
  type = 'text',
  inputMode,
  placeholder,
}: Props & { field: SourcingField; text: string; type?: string; inputMode?: 'decimal'; placeholder?: string }) {
  const error = errors[field];
  return (
    <div className="space-y-2">
      <Label htmlFor={field}>{text}</Label>
      <Input
        id={field}
        type={type}
        inputMode={inputMode}
        placeholder={placeholder}
        value={form[field]}
        {...errorProps(field, error)}
        onBlur={() => onBlur(field)}
        onChange={(e) => set(field, e.target.value)}
      />
      <FieldError id={field} error={error} />
    </div>
  );
}

export function SourcingSection(props: Props) {
  const { form, set } = props;
  return (
    <>
      <fieldset className="space-y-3" aria-describedby="sourcing-help">
        <legend className="text-sm font-medium">Sourcing (optional)</legend>
        <p id="sourcing-help" className="text-xs text-muted-foreground">
          Sent and stored with your report. Purity is never published. The vendor’s web address host, batch ID and
          volume are published only if you tick “Publish sourcing details”.
        </p>
        <SourcingInput {...props} field="sourcingVendorUrl" text="Vendor URL" type="url" placeholder="https://" />
        <SourcingInput {...props} field="sourcingBatchId" text="Batch ID" />
        <SourcingInput {...props} field="sourcingPurity" text="Purity (%)" inputMode="decimal" />
        <SourcingInput {...props} field="sourcingVolumeMl" text="Volume (ml)" inputMode="decimal" />
        <div className="flex items-start gap-2">
          <input
            id="publishSourcing"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={form.publishSourcing}
            aria-describedby="publishSourcing-help"
            onChange={(e) => set('publishSourcing', e.target.checked)}
          />
          <div className="grid gap-1">
            <Label htmlFor="publishSourcing">Publish sourcing details</Label>
            <p id="publishSourcing-help" className="text-xs text-muted-foreground">
              Shows the vendor’s web address host (not the full address), batch ID and volume on your public card. A
              vendor’s address is a link, so a moderator reads the report before it appears.
            </p>
          </div>
        </div>
      </fieldset>
    </>
  );
}
