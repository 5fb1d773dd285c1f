import type { Variant } from "@contract/api";
import { MAX_WEIGHT, MIN_WEIGHT } from "@contract/variants";
import { XIcon } from "lucide-react";
import { UtmBuilder } from "@/components/split-tests/UtmBuilder";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface VariantFieldProps {
  label: Variant;
  url: string;
  weight: string;
  name: string;
  /** The weight's input shows only once the user asked to change the split. */
  showWeight: boolean;
  onUrlChange: (url: string) => void;
  /** Leaving the URL (the editor completes a missing scheme there). */
  onUrlBlur?: () => void;
  /** What is wrong with the URL, shown under it; null when nothing. */
  problem?: string | null;
  onWeightChange: (weight: string) => void;
  /** The id of the message that says what is wrong with the weights; marks the weight invalid. */
  weightProblemId?: string;
  onNameChange: (name: string) => void;
  /** Absent for A and B, which every test has. */
  onRemove?: () => void;
}

/**
 * One variant: "URL C", its share of the traffic in percent, a button to remove it, its optional name,
 * and the UTM parameters of its URL.
 */
export function VariantField({
  label,
  url,
  weight,
  name,
  showWeight,
  onUrlChange,
  onUrlBlur,
  problem,
  onWeightChange,
  weightProblemId,
  onNameChange,
  onRemove,
}: VariantFieldProps) {
  return (
    <div className="grid gap-2">
      <TextField
        label={`URL ${label}`}
        type="url"
        required
        placeholder="https://"
        inputMode="url"
        value={url}
        onChange={(event) => onUrlChange(event.target.value)}
        onBlur={onUrlBlur}
        problem={problem}
      >
        {(showWeight || onRemove) && (
          <>
            {showWeight && (
              <span className="flex shrink-0 items-center gap-1">
                <Input
                  type="number"
                  min={MIN_WEIGHT}
                  max={MAX_WEIGHT}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Weight of variant ${label}`}
                  aria-invalid={weightProblemId ? true : undefined}
                  aria-describedby={weightProblemId}
                  value={weight}
                  onChange={(event) => onWeightChange(event.target.value)}
                  className="w-16 text-right tabular-nums"
                />
                <span className="text-muted-foreground text-sm" aria-hidden>
                  %
                </span>
              </span>
            )}
            {onRemove && (
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0"
                aria-label={`Remove variant ${label}`}
                title={`Remove variant ${label}`}
                onClick={onRemove}
              >
                <XIcon aria-hidden />
              </Button>
            )}
          </>
        )}
      </TextField>
      <Input
        aria-label={`Name of variant ${label} (optional)`}
        placeholder={`Name of ${label} (optional), e.g. Red button`}
        maxLength={60}
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
      />
      <UtmBuilder label={label} url={url} name={name} onUrlChange={onUrlChange} />
    </div>
  );
}
