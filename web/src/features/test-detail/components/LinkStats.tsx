import type { TestWithStats } from "@contract/api";
import { DetailSection } from "@/features/test-detail/components/DetailSection";

const count = new Intl.NumberFormat("en");

/**
 * A plain link's numbers (issue #49): its clicks and visitors, and why there are no statistics: one
 * destination has nothing to compare until a second one makes it a test.
 */
export function LinkStats({ test }: { test: TestWithStats }) {
  const [arm] = test.stats.arms;
  const figures: [string, number][] = [
    ["Clicks", arm?.clicks ?? 0],
    ["Unique visitors", arm?.visitors ?? 0],
    ["Conversions", arm?.conversions ?? 0],
  ];
  return (
    <DetailSection title="Link">
      <dl className="grid grid-cols-3 gap-3">
        {figures.map(([title, value]) => (
          <div key={title} className="grid gap-1">
            <dt className="text-muted-foreground text-sm">{title}</dt>
            <dd className="font-semibold text-2xl tabular-nums">{count.format(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-muted-foreground text-sm">
        A plain link with one destination: every visitor goes there and each click counts. Statistics start
        once it has a second version to compare: add one under "Split URLs" with "Edit variants", and the same
        link becomes a test.
      </p>
    </DetailSection>
  );
}
