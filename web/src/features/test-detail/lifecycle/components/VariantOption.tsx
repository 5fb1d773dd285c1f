import type { Variant } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { Badge } from "@/components/ui/badge";
import { formatRate } from "@/lib/split-tests/format-rate";

interface VariantOptionProps {
  /** Name of the radio group. */
  name: string;
  variant: Variant;
  /** The variant's optional name. */
  title?: string | null;
  url: string;
  /** Conversions per visitor in percent: the rate the verdict uses. */
  rate: number;
  leading: boolean;
  /** The leading version is the verdict's (or the promoted) winner. */
  decided: boolean;
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
  decided,
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
          {leading && (
            <Badge variant={decided ? "success" : "outline"}>{decided ? "Winner" : "Leading"}</Badge>
          )}
        </span>
        <span className="text-muted-foreground text-xs">{formatRate(rate)} conversion rate per visitor</span>
        <span className="break-all text-muted-foreground text-xs">{url}</span>
      </span>
    </label>
  );
}
