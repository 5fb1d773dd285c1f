import type { PrimaryMetric } from "@contract/api";
import { PRIMARY_METRIC_LABELS, PRIMARY_METRICS } from "@contract/metrics";
import { useId } from "react";
import { TextField } from "@/components/TextField";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const HINTS: Record<PrimaryMetric, string> = {
  conversion_rate: "The winner is the version that converts the most visitors.",
  revenue_per_visitor:
    "The winner is the version that earns the most per visitor: send each order's amount with its conversion.",
};

interface PrimaryMetricFieldProps {
  metric: PrimaryMetric;
  onMetricChange: (metric: PrimaryMetric) => void;
  currency: string;
  onCurrencyChange: (currency: string) => void;
  /** What is wrong with the currency, shown under it; null when nothing. */
  currencyProblem?: string | null;
}

/** What decides the test, and for revenue the currency of its orders (required: no order sets it). */
export function PrimaryMetricField({
  metric,
  onMetricChange,
  currency,
  onCurrencyChange,
  currencyProblem = null,
}: PrimaryMetricFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Primary metric</Label>
        <Select value={metric} onValueChange={(value) => onMetricChange(value as PrimaryMetric)}>
          <SelectTrigger id={id} aria-describedby={hintId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PRIMARY_METRICS.map((value) => (
              <SelectItem key={value} value={value}>
                {PRIMARY_METRIC_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={hintId} className="text-muted-foreground text-xs">
          {HINTS[metric]}
        </p>
      </div>
      {metric === "revenue_per_visitor" && (
        <TextField
          label="Currency"
          name="currency"
          value={currency}
          onChange={(event) => onCurrencyChange(event.target.value.toUpperCase())}
          placeholder="EUR"
          maxLength={3}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="w-28 uppercase"
          required
          problem={currencyProblem}
          hint="A three-letter ISO 4217 code. Orders in another currency count without their value."
        />
      )}
    </div>
  );
}
