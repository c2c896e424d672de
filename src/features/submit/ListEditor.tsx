import { Button, Input } from '@/components/ui';
import { FieldError } from './Field';

type Props = {
  id: string;
  title: string;
  items: string[];
  onChange: (items: string[]) => void;
  list?: string;
  error?: string;
};

/** A list of short names (stack, extra effects): one input per entry, Add and Remove buttons. */
export function ListEditor({ id, title, items, onChange, list, error }: Props) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-add-error` : undefined}>
      <legend className="text-sm font-medium">{title}</legend>
      {items.map((item, i) => (
        <div key={i} className="flex gap-2">
          <Input
            id={`${id}-${i}`}
            aria-label={`${title} ${i + 1}`}
            value={item}
            list={list}
            maxLength={60}
            onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <Button
            type="button"
            variant="ghost"
            onClick={() => onChange(items.filter((_, j) => j !== i))}
            aria-label={`Remove ${title} ${i + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button id={`${id}-add`} type="button" variant="outline" size="sm" onClick={() => onChange([...items, ''])}>
        Add {title.toLowerCase()}
      </Button>
      <FieldError id={`${id}-add`} error={error} />
    </fieldset>
  );
}
