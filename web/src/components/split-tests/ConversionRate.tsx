import { formatRate } from "@/lib/split-tests/format-rate";
import { cn } from "@/lib/utils";

/** One variant's conversion rate; the highest of the test's is bold green. */
export function ConversionRate({ rate, isHigher }: { rate: number; isHigher: boolean }) {
  return <span className={cn("tabular-nums", isHigher && "font-bold text-success")}>{formatRate(rate)}</span>;
}
