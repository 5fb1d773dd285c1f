import { Button } from "@/components/ui/button";
import type { TestSort } from "@/features/dashboard/sort-tests";

const SORTS: ReadonlyArray<{ value: TestSort; label: string; narrowLabel: string }> = [
  { value: "newest", label: "Newest", narrowLabel: "Newest" },
  { value: "most-clicks", label: "Most Clicks", narrowLabel: "Clicks" },
  { value: "best-conversion", label: "Best Conversion", narrowLabel: "Conv." },
];

interface TestSortButtonsProps {
  sort: TestSort;
  onSortChange: (sort: TestSort) => void;
  narrow: boolean;
}

export function TestSortButtons({ sort, onSortChange, narrow }: TestSortButtonsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div role="group" aria-label="Sort tests" className="flex flex-wrap gap-2">
      {SORTS.map(({ value, label, narrowLabel }) => (
        <Button
          key={value}
          size="sm"
          variant={sort === value ? "default" : "outline"}
          aria-pressed={sort === value}
          onClick={() => onSortChange(value)}
        >
          {narrow ? narrowLabel : label}
        </Button>
      ))}
    </div>
  );
}
