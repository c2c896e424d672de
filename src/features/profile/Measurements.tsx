// The weight and height inputs of the profile: a number and its unit, or feet and inches.
import type { ReactNode } from 'react';
import { Input, Label, Select } from '@/components/ui';
import type { HeightText, HeightUnit, WeightUnit } from './units';

export function WeightUnitSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: WeightUnit;
  onChange: (unit: WeightUnit) => void;
}) {
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value as WeightUnit)}>
      <option value="kg">kg</option>
      <option value="lbs">lbs</option>
    </Select>
  );
}

export function HeightUnitSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: HeightUnit;
  onChange: (unit: HeightUnit) => void;
}) {
  return (
    <Select id={id} value={value} onChange={(e) => onChange(e.target.value as HeightUnit)}>
      <option value="cm">cm</option>
      <option value="ft">ft/in</option>
    </Select>
  );
}

function Suffixed({ children, suffix }: { children: ReactNode; suffix: string }) {
  return (
    <div className="relative min-w-0 flex-1">
      {children}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
      >
        {suffix}
      </span>
    </div>
  );
}

/** Feet and inches side by side; the first input carries the field's label (id). */
export function FeetInchesInputs({
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  value: HeightText;
  invalid: boolean;
  describedBy?: string;
  onChange: (text: Partial<HeightText>) => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 gap-2">
      <Suffixed suffix="ft">
        <Input
          id={id}
          inputMode="numeric"
          className="pr-9"
          value={value.feet}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ feet: e.target.value })}
        />
      </Suffixed>
      <Suffixed suffix="in">
        <Label htmlFor={`${id}-inches`} className="sr-only">
          Height, inches
        </Label>
        <Input
          id={`${id}-inches`}
          inputMode="decimal"
          className="pr-9"
          value={value.inches}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ inches: e.target.value })}
        />
      </Suffixed>
    </div>
  );
}
