import type { TestWithStats } from "@contract/api";
import { customPathLabel } from "@/lib/split-tests/link-paths";
import { formatTimeAgo } from "@/lib/time";

/** When the test was created and, if set, its custom path. */
export function TestMeta({ test }: { test: TestWithStats }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-muted-foreground text-xs">
      <time dateTime={new Date(test.createdAt).toISOString()}>{formatTimeAgo(test.createdAt)}</time>
      {test.customSlug && <span className="font-mono">{customPathLabel(test)}</span>}
    </p>
  );
}
