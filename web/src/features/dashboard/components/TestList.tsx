import type { TestWithStats } from "@contract/api";
import { useMemo, useState } from "react";
import { TestCard } from "@/features/dashboard/components/TestCard";
import { TestFilters } from "@/features/dashboard/components/TestFilters";
import { TestSortButtons } from "@/features/dashboard/components/TestSortButtons";
import { TestTable } from "@/features/dashboard/components/TestTable";
import { filterTests, type KindFilter, type StatusFilter } from "@/features/dashboard/filter-tests";
import { sortTests, type TestSort } from "@/features/dashboard/sort-tests";
import { useIsNarrowScreen } from "@/lib/use-is-narrow-screen";

interface TestListProps {
  tests: readonly TestWithStats[];
  /** Whether the user may change the workspace's things (a tag's colour). */
  canEdit: boolean;
  /** Absent where the user may not delete (a viewer). */
  onDelete?: (test: TestWithStats) => void;
}

/** Sortable list of tests, searched by name or tag and filtered by tag, kind and status: a table from 768 px up, collapsible cards below. */
export function TestList({ tests, canEdit, onDelete }: TestListProps) {
  const [sort, setSort] = useState<TestSort>("newest");
  const narrow = useIsNarrowScreen();
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [kind, setKind] = useState<KindFilter>("all");
  const [tag, setTag] = useState("");
  const sorted = useMemo(
    () => sortTests(filterTests(tests, query, status, kind, tag), sort),
    [tests, query, status, kind, tag, sort],
  );

  return (
    <section className="flex min-w-0 flex-col gap-4">
      <TestFilters
        query={query}
        onQueryChange={setQuery}
        status={status}
        onStatusChange={setStatus}
        kind={kind}
        onKindChange={setKind}
        tag={tag}
        onTagChange={setTag}
        canEdit={canEdit}
      />
      <TestSortButtons sort={sort} onSortChange={setSort} narrow={narrow} />
      {sorted.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
          No tests found
        </p>
      ) : narrow ? (
        <ul className="flex flex-col gap-3">
          {sorted.map((test) => (
            <TestCard key={test.id} test={test} onDelete={onDelete} />
          ))}
        </ul>
      ) : (
        <TestTable tests={sorted} onDelete={onDelete} />
      )}
    </section>
  );
}
