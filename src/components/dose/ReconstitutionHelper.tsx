// "Work it out from your vial": a disclosure beside the dose that turns a vial's amount, the
// water added and what was drawn into a dose in mcg (src/lib/dose/reconstitution.ts), shown with its working.
// Its fields live in this component only: they are never sent nor kept in the draft, only the
// dose that "Use ..." writes (docs/product-rules.md, "Doses in the wizard").
import { useState } from 'react';
import { Button, Input, Label, Select } from '@/components/ui';
import { type DrawUnit, reconstitute } from '@/lib/dose/reconstitution';

export function ReconstitutionHelper({ idPrefix, onUse }: { idPrefix: string; onUse: (mcg: number) => void }) {
  const [open, setOpen] = useState(false);
  const [vialMg, setVialMg] = useState('');
  const [waterMl, setWaterMl] = useState('');
  const [drawn, setDrawn] = useState('');
  const [drawUnit, setDrawUnit] = useState<DrawUnit>('units');
  const id = (name: string) => `${idPrefix}-vial-${name}`;
  const result = reconstitute({ vialMg, waterMl, drawn, drawUnit });
  const number = (name: string, label: string, value: string, onChange: (v: string) => void) => (
    <div className="space-y-1">
      <Label htmlFor={id(name)}>{label}</Label>
      <Input id={id(name)} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={id('panel')}
        onClick={() => setOpen((o) => !o)}
      >
        Work it out from your vial
      </Button>
      {open && (
        <div id={id('panel')} className="space-y-3 rounded-md border border-border p-3">
          <p className="text-xs text-muted-foreground">
            Worked out on this device only: none of these numbers is sent or saved, only the dose you choose to use.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {number('mg', 'Vial amount (mg)', vialMg, setVialMg)}
            {number('water', 'Water added (mL)', waterMl, setWaterMl)}
            {number('drawn', 'Amount drawn', drawn, setDrawn)}
            <div className="space-y-1">
              <Label htmlFor={id('draw-unit')}>Drawn in</Label>
              <Select id={id('draw-unit')} value={drawUnit} onChange={(e) => setDrawUnit(e.target.value as DrawUnit)}>
                <option value="units">Syringe units (U-100)</option>
                <option value="mL">mL</option>
              </Select>
            </div>
          </div>
          <div aria-live="polite" className="space-y-2 text-sm">
            {result ? (
              <>
                <p>{result.words}</p>
                <Button type="button" size="sm" onClick={() => onUse(result.doseMcg)}>
                  Use {result.doseMcg} mcg
                </Button>
              </>
            ) : (
              <p className="text-muted-foreground">
                Enter the vial’s mg, the water added and what you drew (no more than the water in the vial).
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
