import type { Variant } from "@contract/api";
import { Badge } from "@/components/ui/badge";
import { formatRate } from "@/lib/split-tests/format-rate";
import { labelWithName } from "@/lib/split-tests/variant-name";

interface VariantOptionProps {
  /** Name of the radio group. */
  name: string;
  variant: Variant;
  /** The variant's optional name. */
  title?: string | null;
  url: string;
  /** Conversion rate in percent, as in the specification's stats. */
  rate: number;
  leading: boolean;
  checked: boolean;
  onSelect: (variant: Variant) => void;
}

/** One version to choose, as a radio button with its rate and where it sends visitors. */
export function VariantOption({
  name,
  variant,
  title,
  url,
  rate,
  leading,
  checked,
  onSelect,
}: VariantOptionProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring">
      <input
        type="radio"
        name={name}
        value={variant}
        checked={checked}
        onChange={() => onSelect(variant)}
        className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
      />
      <span className="grid min-w-0 gap-1">
        <span className="flex flex-wrap items-center gap-2 font-medium text-sm leading-none">
          Version {labelWithName(variant, title)}
          {leading && <Badge variant="success">Leading</Badge>}
        </span>
        <span className="text-muted-foreground text-xs">{formatRate(rate)} conversion rate</span>
        <span className="break-all text-muted-foreground text-xs">{url}</span>
      </span>
    </label>
  );
}
