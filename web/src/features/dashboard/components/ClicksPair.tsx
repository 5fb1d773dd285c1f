import type { TestStats } from "@contract/api";

/** Clicks of A and B, as "A / B". */
export function ClicksPair({ stats }: { stats: TestStats }) {
  return (
    <span className="tabular-nums">
      {stats.clicksA} / {stats.clicksB}
    </span>
  );
}
