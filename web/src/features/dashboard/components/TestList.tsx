import type { TestWithStats } from "@contract/api";
import { useMemo, useState } from "react";
import { TestCard } from "@/features/dashboard/components/TestCard";
import { TestSortButtons } from "@/features/dashboard/components/TestSortButtons";
import { TestTable } from "@/features/dashboard/components/TestTable";
import { sortTests, type TestSort } from "@/features/dashboard/sort-tests";
import { useIsNarrowScreen } from "@/lib/use-is-narrow-screen";

interface TestListProps {
  tests: readonly TestWithStats[];
  onDelete: (test: TestWithStats) => void;
}

/** Sortable list of tests: a table from 768 px up, collapsible cards below. */
export function TestList({ tests, onDelete }: TestListProps) {
  const [sort, setSort] = useState<TestSort>("newest");
  const narrow = useIsNarrowScreen();
  const sorted = useMemo(() => sortTests(tests, sort), [tests, sort]);

  return (
    <section className="flex min-w-0 flex-col gap-4">
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
